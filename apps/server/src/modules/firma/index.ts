export { findFirma, findFirmaIdByName, firmaNames } from './firma.repository.ts';
export { seedDemoFirma, DEMO_FIRMA } from './firma.demo.ts';
