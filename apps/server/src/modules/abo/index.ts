export { runSubscriptionJob, type JobResult } from './abo-job.ts';
export { seedDemoAboPakete, DEMO_ABO_PAKETE } from './abo.demo.ts';
