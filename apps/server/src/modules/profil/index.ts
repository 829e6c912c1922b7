export { type ProfileRow } from './profil.table.ts';
export { findProfileName, findProfileNames } from './profil.repository.ts';
// an account with its profile: the one users-with-profiles join (person.repository.ts)
export {
  findPersonById,
  findPersonInfo,
  lockPatientForBooking,
  fullName,
  type PersonInfo,
  findActivePersonByEmail,
  insertPerson,
  persons,
  type Person,
  type NewProfileFields,
} from './person.repository.ts';
export { erasePatient } from './profil.erase.ts';
export { seedDemoProfiles } from './profil.demo.ts';
