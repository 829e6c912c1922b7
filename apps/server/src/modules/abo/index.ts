export { runSubscriptionJob, type JobResult } from './abo-job.ts';
export { seedDemoAboPakete, seedDemoAbo, DEMO_ABO_PAKETE, DEMO_ABO } from './abo.demo.ts';
