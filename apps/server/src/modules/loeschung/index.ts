export { deletionJobs, DELETION_STATUSES } from './loeschung.table.ts';
