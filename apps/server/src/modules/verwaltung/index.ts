export { seedDemoVerwaltung, DEMO_VERWALTUNG } from './verwaltung.demo.ts';
export { getSetting, getSettings } from './verwaltung.repository.ts';
