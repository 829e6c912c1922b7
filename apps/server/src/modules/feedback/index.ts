export { type FeedbackRow } from './feedback.table.ts';
export { erasePatient } from './feedback.erase.ts';
