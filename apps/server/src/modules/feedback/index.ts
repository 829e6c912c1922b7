export { feedbacks, type FeedbackRow } from './feedback.table.ts';
export { deleteFeedbackOf } from './feedback.repository.ts';
export { feedbackRoutes } from './feedback.routes.ts';
