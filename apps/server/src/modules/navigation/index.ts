export { navigationNodes } from './navigation.table.ts';
export { navigationRoutes } from './navigation.routes.ts';
export { seedDemoNavigation } from './navigation.demo.ts';
