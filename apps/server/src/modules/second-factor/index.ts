export { secondFactorRoutes } from './second-factor.routes.ts';
