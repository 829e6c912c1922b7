export { DELETION_STATUSES } from './loeschung.table.ts';
