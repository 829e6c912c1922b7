export { authRoutes } from './auth.routes.ts';
