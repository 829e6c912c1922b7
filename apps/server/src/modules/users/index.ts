export { users, roleEnum, type UserRow } from './users.table.ts';
export { findUserByEmail, findUserById, recordFailedLogin, resetFailedLogins } from './users.repository.ts';
export { usersRoutes } from './users.routes.ts';
export { viewerOf, type Viewer } from './viewer.ts';
export { seedDemoUsers, DEMO_USERS, DEMO_PASSWORD } from './users.demo.ts';
