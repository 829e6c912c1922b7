export { firmen } from './firma.table.ts';
export { seedDemoFirma, DEMO_FIRMA } from './firma.demo.ts';
export { firmaRoutes } from './firma.routes.ts';
