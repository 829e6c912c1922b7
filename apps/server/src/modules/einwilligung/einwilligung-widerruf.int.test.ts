import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartEndpoints } from '@dihs/contract/cart';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { privilegeCode } from '@dihs/contract/common/roles';
import {
  EINWILLIGUNG_TEXTS,
  einwilligungEndpoints as api,
  type Einwilligung,
  type OffeneFassung,
} from '@dihs/contract/einwilligung';
import { videoEndpoints } from '@dihs/contract/video';
import { injectEndpoint } from '../../test/inject-endpoint.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { findUserByEmail } from '../users/index.ts';
import { createSession } from '../video/video-test-support.ts';
import { einwilligungModule } from './einwilligung.module.ts';
import { operatorWith } from './einwilligung.test-support.ts';

// Issue 31 item 8: a patient withdraws the video-therapy consent; booking and joining wait for a new consent.
const START = new Date('2030-03-04T10:00:00Z');
const DAY = 24 * 60 * 60_000;
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
const own = async (authorization: string) =>
  (await injectEndpoint(t.app, api.eigene, { authorization })).json<Einwilligung[]>();
const offen = async (authorization: string) =>
  (await injectEndpoint(t.app, api.offen, { authorization })).json<OffeneFassung[]>();

describe('withdrawing the video-therapy consent', () => {
  it('is refused to everyone but a patient, for the own consent only', async () => {
    const withdraw = (authorization?: string) =>
      injectEndpoint(t.app, api.widerrufen, authorization ? { authorization } : {});
    expect((await withdraw()).statusCode).toBe(401);
    expect((await withdraw(bearer['therapeut@demo.de'])).statusCode).toBe(403);
    // operators do not withdraw for a patient, not even with the privilege to manage users
    expect((await withdraw(bearer['betreiber@demo.de'])).statusCode).toBe(403);
    expect((await withdraw(await operatorWith(t, 'widerruf', [privilegeCode('BENUTZER_VERWALTEN')]))).statusCode).toBe(
      403,
    );
    // a patient's call withdraws only the caller's own consent: patient 2's leaves patient 1's standing
    const before = await own(bearer['patient@demo.de']!);
    expect((await withdraw(bearer['patient2@demo.de'])).statusCode).toBe(200);
    expect(await own(bearer['patient@demo.de']!)).toEqual(before);
    expect(await offen(bearer['patient@demo.de']!)).toEqual([]);
    expect((await own(bearer['patient2@demo.de']!))[0]).toMatchObject({
      url: 'einverstaendnis_videotherapie',
      anlass: 'WIDERRUF',
    });
  });

  it('holds booking and joining until the patient consents again, and the history shows it', async () => {
    const patient = bearer['patient@demo.de']!;
    const conferenceId = await createSession(t.db, {
      therapist: 'therapeut@demo.de',
      patients: ['patient@demo.de'],
      start: START,
    });
    const free = await createSession(t.db, {
      therapist: 'therapeut@demo.de',
      patients: [],
      start: new Date(START.getTime() + 3 * DAY),
    });
    const before = await own(patient);
    const consent = before.find((c) => c.url === 'einverstaendnis_videotherapie')!;

    const withdrawn = await injectEndpoint(t.app, api.widerrufen, { authorization: patient });
    expect(withdrawn.statusCode).toBe(200);
    // the withdrawal is an entry of its own, naming the version withdrawn; the consent before it stays visible
    const history = await own(patient);
    expect(history).toHaveLength(before.length + 1);
    expect(history[0]).toMatchObject({
      url: 'einverstaendnis_videotherapie',
      anlass: 'WIDERRUF',
      fassung: consent.fassung,
    });
    // its time, as the database records every entry of the history
    expect(Date.parse(history[0]!.erteiltAm)).toBeGreaterThanOrEqual(Date.parse(consent.erteiltAm));
    expect(history.slice(1)).toEqual(before);
    // operators with BENUTZER_VERWALTEN see it on the patient's profile
    const ofPatient = await injectEndpoint(t.app, api.desPatienten, {
      authorization: bearer['betreiber@demo.de'],
      params: { patientId: await idOf('patient@demo.de') },
    });
    expect(ofPatient.json<Einwilligung[]>()[0]).toMatchObject({ anlass: 'WIDERRUF' });
    // nothing left to withdraw
    const again = await injectEndpoint(t.app, api.widerrufen, { authorization: patient });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(EINWILLIGUNG_TEXTS.nichtsZuWiderrufen);

    // the consent dialog asks again for the withdrawn text only
    const open = await offen(patient);
    expect(open).toEqual([
      expect.objectContaining({ url: 'einverstaendnis_videotherapie', fassung: consent.fassung, widerrufen: true }),
    ]);

    const refusals = [
      await injectEndpoint(t.app, cartEndpoints.anlegen, { authorization: patient, body: [{ id: free }] }),
      await injectEndpoint(t.app, cartEndpoints.anmelden, { authorization: patient, params: { id: free } }),
      await injectEndpoint(t.app, videoEndpoints.sitzung, { authorization: patient, params: { conferenceId } }),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: EINWILLIGUNG_TEXTS.fehlt, code: ERROR_CODES.consentRequired });
    }

    const given = await injectEndpoint(t.app, api.erteilen, {
      authorization: patient,
      body: { fassungen: [{ url: 'einverstaendnis_videotherapie', fassung: open[0]!.fassung }] },
    });
    expect(given.statusCode).toBe(200);
    expect(await offen(patient)).toEqual([]);
    const after = await own(patient);
    expect(after.map((c) => c.anlass).slice(0, 2)).toEqual(['NACH_WIDERRUF', 'WIDERRUF']);
    expect(after[0]).toMatchObject({ url: 'einverstaendnis_videotherapie', aktuell: true });

    expect(
      (await injectEndpoint(t.app, videoEndpoints.sitzung, { authorization: patient, params: { conferenceId } }))
        .statusCode,
    ).toBe(200);
    const booked = await injectEndpoint(t.app, cartEndpoints.anlegen, { authorization: patient, body: [{ id: free }] });
    expect(booked.statusCode).toBe(200);
  });

  it('exports the withdrawal with the consents', async () => {
    const exported = await einwilligungModule.exportPatient!(t.db, await idOf('patient@demo.de'), t.services);
    expect((exported.einwilligung as { anlass: string }[]).map((row) => row.anlass).sort()).toEqual([
      'NACH_WIDERRUF',
      'REGISTRIERUNG',
      'REGISTRIERUNG',
      'WIDERRUF',
    ]);
  });
});
