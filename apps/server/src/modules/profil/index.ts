export { profiles, documentation, type ProfileRow } from './profil.table.ts';
export { seedDemoProfiles } from './profil.demo.ts';
export { profilRoutes } from './profil.routes.ts';
