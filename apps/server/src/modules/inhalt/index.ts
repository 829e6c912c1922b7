export { type PageRow } from './inhalt.table.ts';
// The navigation editor manages pages (create, trash, restore, delete) only through these.
export {
  listPages,
  listAllPages,
  insertPage,
  pagesOutOfMenu,
  deletablePages,
  trashPages,
  deletePages,
  listTrash,
  findTrashedPageForUpdate,
  untrashPage,
  deleteTrashedPages,
  deactivateFirmaPages,
} from './inhalt.repository.ts';
export { pageAccess } from './page-access.ts';
export { pageVersions, type PageVersion } from './page-version.ts';
export { pageStamps } from './page-version.repository.ts';
export { seedDemoPages } from './inhalt.demo.ts';
