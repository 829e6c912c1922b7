import { z } from 'zod';
import { LIMITS } from './common/constants.ts';
import { PRIVILEGES, ROLES } from './common/roles.ts';

/** Login body (spec 1, section 7). The password is not checked against the password rules: old passwords still log in. */
export const authenticateBodySchema = z.object({
  email: z.string().trim().min(1, 'E-Mail darf nicht leer sein.').max(LIMITS.email, 'E-Mail ist nicht valide.'),
  password: z.string().min(1, 'Passwort darf nicht leer sein.').max(200, 'Das Passwort ist zu lang.'),
  secondFactorCode: z
    .string()
    .trim()
    .max(LIMITS.secondFactorCode, 'Der Code muss 6 Zeichen lang sein.')
    .optional()
    .default(''),
});
export type AuthenticateBody = z.input<typeof authenticateBodySchema>;

export const tokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** Claims of the JWT: sub is the e-mail, role the role's name, privileges their numeric codes. */
export const sessionClaimsSchema = z.object({
  sub: z.string(),
  role: z.enum(ROLES),
  privileges: z.array(
    z
      .number()
      .int()
      .min(0)
      .max(PRIVILEGES.length - 1),
  ),
  userId: z.number().int().positive(),
  exp: z.number().int(),
  /** Issued at, in seconds (JWT standard). */
  iat: z.number().int().optional(),
  /**
   * Issued at, in milliseconds: a password change ends the sessions issued before it, and iat's whole seconds
   * cannot tell a token from just before the change from one just after it (docs/decisions.md).
   */
  iatMs: z.number().int().optional(),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;

export const secondFactorRequiredResponseSchema = z.boolean();

export const roleParamSchema = z.object({ role: z.enum(ROLES, { message: 'Unbekannte Rolle.' }) });
export const privilegeCodesSchema = z.array(z.number().int());
/** GET /authority: privilege codes keyed by role name, plus 'privileges' with every code. */
export const authorityMapSchema = z.record(z.string(), privilegeCodesSchema);

export const lockedListSchema = z.array(z.string());
