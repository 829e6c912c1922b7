export { pages, type PageRow } from './inhalt.table.ts';
export { listPages } from './inhalt.repository.ts';
export { pageAccess } from './page-access.ts';
export { inhaltRoutes } from './inhalt.routes.ts';
export { seedDemoPages } from './inhalt.demo.ts';
