// What other modules may call about accounts; the users table itself stays inside this module. An account with its
// profile (the person look-ups, the one users-with-profiles join) comes from profil/index.ts.
export { type UserRow } from './users.table.ts';
export { isLocked } from './account-lock.ts';
export {
  findUserByEmail,
  findUserById,
  findActiveAccountById,
  recordFailedLogin,
  resetFailedLogins,
  setUserFirma,
  markEmailConfirmed,
  setPasswordHash,
  emailTakenByOther,
  setConfirmedEmail,
  emailConfirmedOf,
  setHatAbo,
  setSecondFactorSecret,
  storedSecondFactorSecrets,
  replaceSecondFactorSecret,
  activeOperatorEmails,
  lockedColumn,
} from './users.repository.ts';
export { erasePatient } from './users.erase.ts';
export {
  endSessions,
  revokeToken,
  listRevokedTokens,
  pruneRevokedTokens,
  startLoginSession,
  runningSessions,
  endLoginSession,
  endAllLoginSessions,
  renewLoginSession,
  type NewLoginSession,
} from './sessions.ts';
export { viewerOf, type Viewer } from './viewer.ts';
export { seedDemoUsers, DEMO_USERS, DEMO_PASSWORD } from './users.demo.ts';
