import { z } from 'zod';
import { endpoint, LOGIN, PUBLIC } from './common/endpoint.ts';
import { LIMITS } from './common/constants.ts';
import { MESSAGES } from './common/messages.ts';
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

/** What the login dialog says about an empty field. */
export const LOGIN_TEXTS = {
  emailLeer: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
  passwortLeer: 'Bitte geben Sie Ihr Passwort ein.',
} as const;

/** The login body's e-mail rule with the dialog's message; the password reset request asks for it the same way. */
export const loginEmailRule = z
  .string()
  .trim()
  .min(1, LOGIN_TEXTS.emailLeer)
  .max(LIMITS.email, 'E-Mail ist nicht valide.');

/**
 * The login dialog's form: the login body with the dialog's messages. The Auth-Code is required once the server
 * said that the account has a second factor.
 */
export const loginFormSchema = (codeRequired: boolean) =>
  authenticateBodySchema.extend({
    email: loginEmailRule,
    password: z.string().min(1, LOGIN_TEXTS.passwortLeer).max(200, 'Das Passwort ist zu lang.'),
    secondFactorCode: z
      .string()
      .trim()
      .min(codeRequired ? 1 : 0, MESSAGES.loginAuthCodeFehlt)
      .max(LIMITS.secondFactorCode, 'Der Code muss 6 Zeichen lang sein.'),
  });
export type LoginForm = z.input<ReturnType<typeof loginFormSchema>>;

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
  /** The token's id: a logout revokes exactly this token (docs/decisions.md "Sessions end at once"). */
  jti: z.string().max(64).optional(),
  /**
   * The stored session (one per login, listed under "Angemeldete Geräte"): a password change's new token keeps it.
   * Tokens from before the claim have none and are not listed (docs/decisions.md, issue 31 item 7).
   */
  sid: z.string().max(64).optional(),
  /**
   * Set at login when the account's role must have a second factor and it has none (REQUIRE_2FA_ROLES of the
   * instance that issued the token): the session may only set one up, on every instance whatever its own
   * configuration, until a new login with the code issues a token without the claim (docs/decisions.md, issue 31
   * item 5). The web shows the set-up instead of every page while it is set.
   */
  zweiterFaktorEinrichten: z.literal(true).optional(),
  /**
   * After how many seconds without activity the server ends the session (IDLE_TIMEOUT_MINUTES_STAFF / _PATIENT of
   * the instance that issued the token): the web locks its page at the same moment (docs/decisions.md, issue 31
   * item 6). The server decides by its own configuration; the claim only tells the browser.
   */
  inaktivNachSekunden: z.number().int().positive().optional(),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;

export const secondFactorRequiredResponseSchema = z.boolean();

/** The refusal of every other call while the second factor must be set up first. */
export const ZWEITER_FAKTOR_PFLICHT_TEXT =
  'Für Ihr Konto ist die Zwei-Faktor-Authentisierung vorgeschrieben. Bitte richten Sie sie zuerst ein.';

export const roleParamSchema = z.object({ role: z.enum(ROLES, { message: 'Unbekannte Rolle.' }) });
export const privilegeCodesSchema = z.array(z.number().int());
/** GET /authority: privilege codes keyed by role name, plus 'privileges' with every code. */
export const authorityMapSchema = z.record(z.string(), privilegeCodesSchema);

export const lockedListSchema = z.array(z.string());

/** One login of the own account as "Angemeldete Geräte" lists it; times as ISO instants. */
export const sitzungSchema = z.object({
  id: z.string(),
  /** The device kind and operating system read from the browser's user agent, e.g. "Windows-PC", "iPhone (iOS 18)". */
  geraet: z.string(),
  /** Browser and major version, e.g. "Firefox 133". */
  browser: z.string(),
  /** The client address of the latest request (at most a minute old). */
  adresse: z.string(),
  angemeldetAm: z.string(),
  letzteAktivitaet: z.string(),
  /** The session of this request. */
  aktuell: z.boolean(),
});
export type Sitzung = z.infer<typeof sitzungSchema>;
export const sitzungListeSchema = z.array(sitzungSchema);
export const sitzungIdParamSchema = z.object({
  id: z.string().trim().min(1, 'Unbekannte Sitzung.').max(64, 'Unbekannte Sitzung.'),
});

/** The texts of the own sessions ("Angemeldete Geräte" on the own profile). */
export const SITZUNGEN_TEXTS = {
  ueberschrift: 'Angemeldete Geräte',
  einleitung:
    'Hier sehen Sie, auf welchen Geräten Ihr Konto angemeldet ist. Melden Sie Geräte ab, die Sie nicht kennen oder nicht mehr nutzen.',
  diesesGeraet: 'Dieses Gerät',
  angemeldetSeit: 'Angemeldet seit',
  letzteAktivitaet: 'Zuletzt aktiv',
  adresse: 'Adresse',
  abmelden: 'Abmelden',
  ueberallAbmelden: 'Überall abmelden',
  ueberallTitel: 'Überall abmelden?',
  ueberallText:
    'Alle Sitzungen Ihres Kontos werden beendet, auch die auf diesem Gerät. Danach melden Sie sich auf jedem Gerät neu an.',
  abbrechen: 'Abbrechen',
  keine: 'Keine weiteren Anmeldungen.',
  ladefehler: 'Die angemeldeten Geräte konnten nicht geladen werden.',
  abgemeldet: 'Das Gerät wurde abgemeldet.',
  fehler: 'Das Abmelden ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  unbekannt: 'Diese Sitzung gibt es nicht oder sie ist bereits beendet.',
} as const;

/**
 * The texts of a session that ended while its page was open (issue 31 item 6): the page stays, a dialog over it asks
 * for the password again. Title and the general text are the spec's "Login abgelaufen" (spec 1, section 4).
 */
export const SITZUNG_ENDE_TEXTS = {
  inaktivTitel: 'Sitzung beendet',
  inaktiv: (minuten: number) => `Sie waren ${minuten} Minuten nicht aktiv. Zu Ihrem Schutz wurde Ihre Sitzung beendet.`,
  eingabenBleiben: 'Melden Sie sich erneut an, um weiterzuarbeiten. Ihre Eingaben auf dieser Seite bleiben erhalten.',
  erneutAnmelden: 'Erneut anmelden',
  abmelden: 'Abmelden',
  kontoGesperrtTitel: 'Konto gesperrt',
  ok: 'OK',
} as const;

const tag = 'Anmeldung';
const errors = [400, 401, 429] as const;

export const authEndpoints = {
  anmelden: endpoint({
    method: 'POST',
    path: '/authenticate',
    summary: 'Anmeldung mit E-Mail, Passwort und ggf. Auth-Code',
    tag,
    access: PUBLIC,
    body: authenticateBodySchema,
    response: tokenResponseSchema,
    errors,
  }),
  zweiterFaktorNoetig: endpoint({
    method: 'POST',
    path: '/authenticate/secondFactorRequired',
    summary: 'Ob für diese Anmeldedaten ein Auth-Code nötig ist',
    tag,
    access: PUBLIC,
    body: authenticateBodySchema,
    response: secondFactorRequiredResponseSchema,
    errors,
  }),
  abmelden: endpoint({
    method: 'POST',
    path: '/logout',
    summary: 'Abmeldung: das Token der Anfrage gilt ab sofort nicht mehr',
    tag,
    access: LOGIN,
    response: z.literal(true),
    errors: [401],
  }),
  sitzungen: endpoint({
    method: 'GET',
    path: '/sitzungen',
    summary: 'Die laufenden Sitzungen des eigenen Kontos (Angemeldete Geräte), die aktuelle markiert',
    tag,
    access: LOGIN,
    response: sitzungListeSchema,
    errors: [401],
  }),
  sitzungAbmelden: endpoint({
    method: 'POST',
    path: '/sitzungen/:id/abmelden',
    summary: 'Abmelden: beendet eine Sitzung des eigenen Kontos auf jeder Instanz',
    tag,
    access: LOGIN,
    params: sitzungIdParamSchema,
    response: z.literal(true),
    errors: [400, 401, 404],
  }),
  ueberallAbmelden: endpoint({
    method: 'POST',
    path: '/sitzungen/ueberall-abmelden',
    summary: 'Überall abmelden: beendet jede Sitzung des eigenen Kontos, auch die der Anfrage',
    tag,
    access: LOGIN,
    response: z.literal(true),
    errors: [401],
  }),
  sitzungAktiv: endpoint({
    method: 'POST',
    path: '/sitzungen/aktiv',
    summary:
      'Vermerkt Aktivität der Sitzung (die Seite wird bedient, ohne dass sie den Server fragt), damit sie nicht wegen Inaktivität endet',
    tag,
    access: LOGIN,
    response: z.literal(true),
    errors: [401],
  }),
  berechtigungen: endpoint({
    method: 'GET',
    path: '/authority',
    summary: 'Vergebbare Berechtigungen je Rolle',
    tag,
    access: LOGIN,
    response: authorityMapSchema,
    errors: [401],
  }),
  berechtigungenDerRolle: endpoint({
    method: 'GET',
    path: '/authority/:role',
    summary: 'Vergebbare Berechtigungen einer Rolle',
    tag,
    access: LOGIN,
    params: roleParamSchema,
    response: privilegeCodesSchema,
    errors: [400, 401],
  }),
};
