export { verwaltungEintraege } from './verwaltung.table.ts';
export { verwaltungRoutes } from './verwaltung.routes.ts';
export { seedDemoVerwaltung, DEMO_VERWALTUNG } from './verwaltung.demo.ts';
