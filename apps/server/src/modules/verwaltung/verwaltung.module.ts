import type { ModuleDescriptor } from '../module-descriptor.ts';
import { verwaltungDashboardTiles } from './verwaltung.dashboard.ts';
import { seedDemoVerwaltung } from './verwaltung.demo.ts';
import { verwaltungRoutes } from './verwaltung.routes.ts';

/** Administrative entries. */
export const verwaltungModule: ModuleDescriptor = {
  name: 'verwaltung',
  routes: verwaltungRoutes,
  dashboardTiles: verwaltungDashboardTiles,
  seedDemo: (tx) => seedDemoVerwaltung(tx),
};
