import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsEndpoints } from '@dihs/contract/accounts';
import { cartEndpoints } from '@dihs/contract/cart';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { privilegeCode } from '@dihs/contract/common/roles';
import { EINWILLIGUNG_TEXTS, einwilligungEndpoints as api, type Einwilligung } from '@dihs/contract/einwilligung';
import { inhaltEndpoints } from '@dihs/contract/inhalt';
import { videoEndpoints } from '@dihs/contract/video';
import { injectEndpoint } from '../../test/inject-endpoint.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { registration } from '../accounts/accounts.test-support.ts';
import { findUserByEmail } from '../users/index.ts';
import { createSession } from '../video/video-test-support.ts';
import { einwilligungModule } from './einwilligung.module.ts';
import { operatorWith } from './einwilligung.test-support.ts';
import { einwilligungen } from './einwilligung.table.ts';

const START = new Date('2030-03-04T10:00:00Z');
let t: TestApp;
const bearer: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_IP: '1000', LOGIN_RATE_LIMIT_ACCOUNT: '1000' }, { now: () => START });
  for (const email of ['patient@demo.de', 'patient2@demo.de', 'betreiber@demo.de', 'therapeut@demo.de']) {
    bearer[email] = await t.bearer(email);
  }
}, 60_000);
afterAll(() => t.close());

const idOf = async (email: string) => (await findUserByEmail(t.db, email))!.id;

/** An operator saves a consent page with a new text (the editor's call). */
async function publish(url: string, inhalt: string, titel = 'Nutzungsbestimmungen') {
  const response = await injectEndpoint(t.app, inhaltEndpoints.speichern, {
    authorization: bearer['betreiber@demo.de'],
    params: { url },
    body: {
      titel,
      bild: null,
      inhalt,
      url,
      aktiv: true,
      berechtigte: [],
      oeffentlich: true,
      berechtigteRollen: [],
      firmaId: null,
    },
  });
  expect(response.statusCode).toBe(200);
}

describe('consent records', () => {
  it('registration stores the consent to both texts as they read, in the account’s transaction', async () => {
    const body = registration();
    expect((await injectEndpoint(t.app, accountsEndpoints.registrieren, { body })).statusCode).toBe(200);
    const patientId = await idOf(body.email);
    const response = await injectEndpoint(t.app, api.desPatienten, {
      authorization: bearer['betreiber@demo.de'],
      params: { patientId },
    });
    expect(response.statusCode).toBe(200);
    const consents = response.json<Einwilligung[]>();
    expect(consents.map((c) => c.url).sort()).toEqual(['einverstaendnis_videotherapie', 'nutzungsbestimmungen']);
    expect(consents.every((c) => c.anlass === 'REGISTRIERUNG' && c.aktuell && /^[0-9a-f]{64}$/.test(c.fassung))).toBe(
      true,
    );
    expect(consents.find((c) => c.url === 'nutzungsbestimmungen')?.titel).toBe('Nutzungsbestimmungen');
  });

  it('shows the own consents to the patient and nothing open', async () => {
    const own = await injectEndpoint(t.app, api.eigene, { authorization: bearer['patient@demo.de'] });
    expect(own.json<Einwilligung[]>()).toHaveLength(2);
    expect((await injectEndpoint(t.app, api.offen, { authorization: bearer['patient@demo.de'] })).json()).toEqual([]);
  });

  it('lets only the patient and operators with BENUTZER_VERWALTEN read consents', async () => {
    const patient2 = await idOf('patient2@demo.de');
    const ofPatient2 = (authorization: string | undefined, patientId: unknown = patient2) =>
      injectEndpoint(t.app, api.desPatienten, { ...(authorization ? { authorization } : {}), params: { patientId } });
    // a patient never reads another patient's consents, nor a therapist, nor an operator without the privilege
    expect((await ofPatient2(bearer['patient@demo.de'])).statusCode).toBe(403);
    expect((await ofPatient2(bearer['therapeut@demo.de'])).statusCode).toBe(403);
    expect(
      (await ofPatient2(await operatorWith(t, 'einwilligung', [privilegeCode('GUTHABEN_AENDERN')]))).statusCode,
    ).toBe(403);
    expect((await ofPatient2(undefined)).statusCode).toBe(401);
    const withPrivilege = await operatorWith(t, 'einwilligung', [privilegeCode('BENUTZER_VERWALTEN')]);
    expect((await ofPatient2(withPrivilege)).statusCode).toBe(200);
    // no consents of anyone but a patient
    const notFound = await ofPatient2(withPrivilege, await idOf('therapeut@demo.de'));
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().message).toBe(EINWILLIGUNG_TEXTS.patientUnbekannt);
    expect((await ofPatient2(withPrivilege, 999_999)).statusCode).toBe(404);
    const bad = await ofPatient2(withPrivilege, '0x10');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Ungültige Patienten-ID.');
    // the own endpoints are the patients'
    for (const declaration of [api.offen, api.eigene]) {
      expect(
        (await injectEndpoint(t.app, declaration, { authorization: bearer['therapeut@demo.de'] })).statusCode,
      ).toBe(403);
      expect((await injectEndpoint(t.app, declaration, {})).statusCode).toBe(401);
    }
    const foreign = await injectEndpoint(t.app, api.erteilen, {
      authorization: bearer['betreiber@demo.de'],
      body: { fassungen: [{ url: 'nutzungsbestimmungen', fassung: 'a'.repeat(64) }] },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it.each([
    [{}, 'fassungen'],
    [{ fassungen: [] }, EINWILLIGUNG_TEXTS.fehlt],
    [{ fassungen: [{ url: 'agb', fassung: 'a'.repeat(64) }] }, EINWILLIGUNG_TEXTS.unbekannteSeite],
    [{ fassungen: [{ url: 'nutzungsbestimmungen', fassung: 'xyz' }] }, EINWILLIGUNG_TEXTS.veraltet],
  ])('refuses the consent body %j with 400', async (body, message) => {
    const response = await injectEndpoint(t.app, api.erteilen, { authorization: bearer['patient@demo.de'], body });
    expect(response.statusCode).toBe(400);
    if (message && message !== 'fassungen') expect(response.json().message).toContain(message);
  });

  it('after a published change: booking and joining answer 409 until the patient consents to the new text', async () => {
    const patient = bearer['patient@demo.de']!;
    const conferenceId = await createSession(t.db, {
      therapist: 'therapeut@demo.de',
      patients: ['patient@demo.de'],
      start: START,
    });
    // saving the same text publishes nothing new
    const before = (await injectEndpoint(t.app, api.eigene, { authorization: patient })).json<Einwilligung[]>();
    const terms = before.find((c) => c.url === 'nutzungsbestimmungen')!;
    const page = await injectEndpoint(t.app, inhaltEndpoints.seite, { params: { url: 'nutzungsbestimmungen' } });
    await publish('nutzungsbestimmungen', page.json<{ inhalt: string }>().inhalt);
    expect((await injectEndpoint(t.app, api.offen, { authorization: patient })).json()).toEqual([]);

    await publish('nutzungsbestimmungen', '<p>Neu: Die Zugangsdaten sind persönlich.</p>');
    const open = (await injectEndpoint(t.app, api.offen, { authorization: patient })).json<
      { url: string; fassung: string; titel: string }[]
    >();
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ url: 'nutzungsbestimmungen', titel: 'Nutzungsbestimmungen' });
    expect(open[0]!.fassung).not.toBe(terms.fassung);

    const refusals = [
      await injectEndpoint(t.app, cartEndpoints.anlegen, { authorization: patient, body: [{ id: conferenceId }] }),
      await injectEndpoint(t.app, cartEndpoints.anmelden, { authorization: patient, params: { id: conferenceId } }),
      await injectEndpoint(t.app, cartEndpoints.bestaetigen, { authorization: patient, params: { cartId: 1 } }),
      await injectEndpoint(t.app, videoEndpoints.sitzung, { authorization: patient, params: { conferenceId } }),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: EINWILLIGUNG_TEXTS.fehlt, code: ERROR_CODES.consentRequired });
    }

    // consenting to the old version is refused: nobody consents to a text they were not shown
    const stale = await injectEndpoint(t.app, api.erteilen, {
      authorization: patient,
      body: { fassungen: [{ url: 'nutzungsbestimmungen', fassung: terms.fassung }] },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(EINWILLIGUNG_TEXTS.veraltet);

    const given = await injectEndpoint(t.app, api.erteilen, {
      authorization: patient,
      body: { fassungen: [{ url: 'nutzungsbestimmungen', fassung: open[0]!.fassung }] },
    });
    expect(given.statusCode).toBe(200);
    expect((await injectEndpoint(t.app, api.offen, { authorization: patient })).json()).toEqual([]);
    expect(
      (await injectEndpoint(t.app, videoEndpoints.sitzung, { authorization: patient, params: { conferenceId } }))
        .statusCode,
    ).toBe(200);
    const direct = await injectEndpoint(t.app, cartEndpoints.anmelden, {
      authorization: patient,
      params: { id: conferenceId },
    });
    expect(direct.json().code).not.toBe(ERROR_CODES.consentRequired);

    const after = (await injectEndpoint(t.app, api.eigene, { authorization: patient })).json<Einwilligung[]>();
    expect(after).toHaveLength(3);
    expect(after[0]).toMatchObject({ url: 'nutzungsbestimmungen', anlass: 'ERNEUT', aktuell: true });
    expect(after.find((c) => c.id === terms.id)?.aktuell).toBe(false);

    // another patient who did not consent yet is still held; operators and therapists are not patients here
    expect((await injectEndpoint(t.app, api.offen, { authorization: bearer['patient2@demo.de'] })).json()).toHaveLength(
      1,
    );
  });

  it('exports every consent row with the texts it meant, and erases them with the patient', async () => {
    const patientId = await idOf('patient@demo.de');
    const exported = await einwilligungModule.exportPatient!(t.db, patientId, t.services);
    expect(exported.einwilligung).toHaveLength(3);
    expect(exported.einwilligung_fassung).toHaveLength(3);
    expect(JSON.stringify(exported.einwilligung_fassung)).toContain('Neu: Die Zugangsdaten sind persönlich.');
    await t.db.transaction((tx) => einwilligungModule.erasePatient!(tx, patientId, t.services).then(() => undefined));
    expect(await t.db.select().from(einwilligungen).where(eq(einwilligungen.benutzerId, patientId))).toEqual([]);
  });
});
