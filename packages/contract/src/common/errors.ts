import { z } from 'zod';

/** The one error envelope every failing API call answers with (German message, optional machine code). */
export const errorEnvelopeSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Machine-readable codes for the errors a client may react to. */
export const ERROR_CODES = {
  validation: 'VALIDATION',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  rateLimited: 'RATE_LIMITED',
  timeout: 'TIMEOUT',
  loginFailed: 'LOGIN_FAILED',
  accountLocked: 'ACCOUNT_LOCKED',
  accountInactive: 'ACCOUNT_INACTIVE',
  /** The session ended after its idle time without activity (IDLE_TIMEOUT_MINUTES_*); a new login continues. */
  sessionIdle: 'SESSION_IDLE',
  secondFactorRequired: 'SECOND_FACTOR_REQUIRED',
  secondFactorInvalid: 'SECOND_FACTOR_INVALID',
  /** The role must set up a second factor first (REQUIRE_2FA_ROLES); the session may do nothing else. */
  secondFactorSetupRequired: 'SECOND_FACTOR_SETUP_REQUIRED',
  /** A current consent text (video therapy, terms of use) lacks the patient's consent. */
  consentRequired: 'CONSENT_REQUIRED',
  /** The database did not answer within DATABASE_WAIT_SECONDS (503); the request changed nothing. */
  databaseBusy: 'DATABASE_BUSY',
  /** The database could not write: its disk is full or failing (503); the request changed nothing. */
  databaseStorage: 'DATABASE_STORAGE',
  internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
