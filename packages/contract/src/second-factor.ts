import { z } from 'zod';
import { idParam } from './common/rules.ts';
import { LIMITS } from './common/constants.ts';
import { endpoint, LOGIN, operator } from './common/endpoint.ts';

/** Two-factor set-up (spec 1 sections 2.7, 2.10, 7 "Two-factor", 8). */

export const SECOND_FACTOR_TEXTS = {
  aktiviert: 'Aktiviert',
  deaktiviert: 'Deaktiviert',
  passwortLeer: 'Bitte geben Sie Ihr Passwort ein.',
  passwortFalsch: 'Das Passwort ist falsch.',
  codeLaenge: 'Der Code muss 6 Zeichen lang sein.',
  codeZiffern: 'Der Code besteht aus 6 Ziffern.',
  codeFalsch: 'Der Code ist ungültig. Bitte prüfen Sie die Uhrzeit Ihres Geräts und versuchen Sie es erneut.',
  schluesselUngueltig: 'Der Schlüssel ist ungültig. Bitte beginnen Sie die Einrichtung erneut.',
  bereitsAktiv: 'Die Zwei-Faktor-Authentisierung ist bereits aktiviert.',
  nichtAktiv: 'Die Zwei-Faktor-Authentisierung ist nicht aktiviert.',
  nurBetreiberTherapeut: 'Die Zwei-Faktor-Authentisierung kann nur für Betreiber und Therapeuten eingerichtet werden.',
  // spec 1, section 8: any other failure of the activation
  validierungFehler: 'Fehler bei der Validierung',
  erfolgAktiviert: 'Die Zwei-Faktor-Authentisierung wurde aktiviert.',
  erfolgDeaktiviert: 'Die Zwei-Faktor-Authentisierung wurde deaktiviert.',
} as const;

const passwordSchema = z.string().min(1, SECOND_FACTOR_TEXTS.passwortLeer).max(200, SECOND_FACTOR_TEXTS.passwortFalsch);

/** The 6-digit code of the authenticator app; required wherever this file uses it. */
export const totpTokenRule = z
  .string()
  .trim()
  .length(LIMITS.secondFactorCode, SECOND_FACTOR_TEXTS.codeLaenge)
  .regex(/^\d+$/, SECOND_FACTOR_TEXTS.codeZiffern);

/** A base32 TOTP key as the server hands it out. */
export const privateKeyRule = z
  .string()
  .trim()
  .min(16, SECOND_FACTOR_TEXTS.schluesselUngueltig)
  .max(128, SECOND_FACTOR_TEXTS.schluesselUngueltig)
  .regex(/^[A-Z2-7]+=*$/, SECOND_FACTOR_TEXTS.schluesselUngueltig);

/**
 * POST /secondFactor/activate: step 1 sends the password only and gets a new key; step 2 sends it with the key and
 * the code, which activates the factor. Nothing is stored before step 2 succeeds.
 */
export const activateBodySchema = z
  .object({
    password: passwordSchema,
    privateKey: privateKeyRule.optional(),
    token: totpTokenRule.optional(),
  })
  .refine((v) => (v.privateKey === undefined) === (v.token === undefined), {
    message: 'Schlüssel und Code gehören zusammen.',
    path: ['token'],
  });
export type ActivateBody = z.input<typeof activateBodySchema>;

/** POST /secondFactor/deactivate. */
export const deactivateBodySchema = z.object({ password: passwordSchema, token: totpTokenRule });
export type DeactivateBody = z.input<typeof deactivateBodySchema>;

/** POST /secondFactor/betreiber/activate/{userId}: empty for a new key; key and code to activate. */
export const betreiberActivateBodySchema = z.object({ privateKey: privateKeyRule, token: totpTokenRule }).nullish();
export type BetreiberActivateBody = z.input<typeof betreiberActivateBodySchema>;

/** Two-factor activation data (spec 1, section 3): the QR code as a PNG data URL and the manual key. */
export const activationDataSchema = z.object({ qrCode: z.string(), privateKey: z.string() });
export type ActivationData = z.infer<typeof activationDataSchema>;

/** Step 1 answers the activation data; step 2 answers true once the factor is active. */
export const activateResponseSchema = z.union([activationDataSchema, z.literal(true)]);

/** GET /secondFactor/status and /secondFactor/betreiber/status/{userId}: whether a second factor is active. */
export const secondFactorStatusSchema = z.boolean();

export const secondFactorUserIdParamSchema = z.object({
  userId: idParam('Ungültige Benutzer-ID.'),
});

/** POST /secondFactor/deactivate and /betreiber/deactivate/{userId}: true once removed. */
export const deactivateResponseSchema = z.literal(true);

const tag = 'Zwei-Faktor';
const errors = [400, 401, 403, 404, 429] as const;
const userAdmin = operator('BENUTZER_VERWALTEN');

export const secondFactorEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/secondFactor/status',
    summary: 'Ob die eigene Zwei-Faktor-Authentisierung aktiv ist',
    tag,
    access: LOGIN,
    response: secondFactorStatusSchema,
    errors,
  }),
  betreiberStatus: endpoint({
    method: 'GET',
    path: '/secondFactor/betreiber/status/:userId',
    summary: 'Ob die Zwei-Faktor-Authentisierung eines Benutzers aktiv ist',
    tag,
    access: userAdmin,
    patientRecord: {
      kind: 'PROFIL',
      action: 'LESEN',
      patientParam: 'userId',
      operatorPrivileges: ['BENUTZER_VERWALTEN'],
    },
    params: secondFactorUserIdParamSchema,
    response: secondFactorStatusSchema,
    errors,
  }),
  aktivieren: endpoint({
    method: 'POST',
    path: '/secondFactor/activate',
    summary: 'Eigene Zwei-Faktor-Authentisierung einrichten (1: Passwort → Schlüssel; 2: mit Schlüssel und Code)',
    tag,
    access: LOGIN,
    body: activateBodySchema,
    response: activateResponseSchema,
    errors,
  }),
  deaktivieren: endpoint({
    method: 'POST',
    path: '/secondFactor/deactivate',
    summary: 'Eigene Zwei-Faktor-Authentisierung entfernen (Passwort und Code)',
    tag,
    access: LOGIN,
    body: deactivateBodySchema,
    response: deactivateResponseSchema,
    errors,
  }),
  betreiberAktivieren: endpoint({
    method: 'POST',
    path: '/secondFactor/betreiber/activate/:userId',
    summary: 'Zwei-Faktor-Authentisierung eines Betreibers oder Therapeuten einrichten',
    tag,
    access: userAdmin,
    patientRecord: {
      kind: 'PROFIL',
      action: 'SCHREIBEN',
      patientParam: 'userId',
      operatorPrivileges: ['BENUTZER_VERWALTEN'],
    },
    params: secondFactorUserIdParamSchema,
    body: betreiberActivateBodySchema,
    response: activateResponseSchema,
    errors,
  }),
  betreiberDeaktivieren: endpoint({
    method: 'POST',
    path: '/secondFactor/betreiber/deactivate/:userId',
    summary: 'Zwei-Faktor-Authentisierung eines Benutzers entfernen',
    tag,
    access: userAdmin,
    patientRecord: {
      kind: 'PROFIL',
      action: 'SCHREIBEN',
      patientParam: 'userId',
      operatorPrivileges: ['BENUTZER_VERWALTEN'],
    },
    params: secondFactorUserIdParamSchema,
    response: deactivateResponseSchema,
    errors,
  }),
};
