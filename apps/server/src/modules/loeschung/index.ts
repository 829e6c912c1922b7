export { deletionJobs, DELETION_STATUSES } from './loeschung.table.ts';
export { loeschungRoutes } from './loeschung.routes.ts';
