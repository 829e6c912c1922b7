export { users, roleEnum, type UserRow } from './users.table.ts';
export {
  findUserByEmail,
  findUserById,
  findActiveAccountById,
  recordFailedLogin,
  resetFailedLogins,
  setUserFirma,
} from './users.repository.ts';
export { usersRoutes } from './users.routes.ts';
export { viewerOf, type Viewer } from './viewer.ts';
export { seedDemoUsers, DEMO_USERS, DEMO_PASSWORD } from './users.demo.ts';
