export { type ProfileRow } from './profil.table.ts';
export { findProfileName } from './profil.repository.ts';
export { erasePatient } from './profil.erase.ts';
export { seedDemoProfiles } from './profil.demo.ts';
