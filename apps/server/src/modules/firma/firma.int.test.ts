import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@dihs/contract/common/messages';
import { privilegeCode, type Privilege, type Role } from '@dihs/contract/common/roles';
import { FIRMA_TEXTS, type Firma } from '@dihs/contract/firma';
import { hashPassword } from '../../lib/password.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { pages } from '../inhalt/inhalt.table.ts';
import { DEMO_PASSWORD, findUserByEmail } from '../users/index.ts';
import { users } from '../users/users.table.ts';
import { DEMO_FIRMA } from './firma.demo.ts';
import { firmen } from './firma.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { firmaEndpoints } from '@dihs/contract/firma';

let t: TestApp;
let demoHash: string;
let admin: string;
let demoFirmaId: number;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_IP: '10000', LOGIN_RATE_LIMIT_ACCOUNT: '10000' });
  demoHash = await hashPassword(DEMO_PASSWORD);
  admin = await t.bearer('betreiber@demo.de');
  demoFirmaId = (await t.db.select().from(firmen).where(eq(firmen.bezeichner, DEMO_FIRMA)))[0]!.id;
});
afterAll(() => t.close());

let counter = 0;
async function account(role: Role, privileges: Privilege[] = [], firmaId: number | null = null) {
  const email = `firma-konto-${counter++}@test.de`;
  const [row] = await t.db
    .insert(users)
    .values({ email, role, passwordHash: demoHash, privileges: privileges.map(privilegeCode), firmaId })
    .returning({ id: users.id });
  return { id: row!.id, email, bearer: () => t.bearer(email) };
}
async function firma(bezeichner: string): Promise<Firma> {
  const [row] = await t.db.insert(firmen).values({ bezeichner }).returning();
  return row!;
}
const idOf = async (email: string) => (await findUserByEmail(t.db, email))!.id;
const firmaIdOf = async (userId: number) =>
  (await t.db.select({ firmaId: users.firmaId }).from(users).where(eq(users.id, userId)))[0]?.firmaId;

const get = (url: string, authorization?: string) =>
  t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
const post = (url: string, payload: unknown, authorization?: string) =>
  t.app.inject({ method: 'POST', url, headers: authorization ? { authorization } : {}, payload: payload as object });

/** Visitor 401; patient, therapist and an operator without BENUTZER_VERWALTEN 403. */
async function expectRefusedToNonAdmins(send: (authorization?: string) => Promise<{ statusCode: number }>) {
  expect((await send()).statusCode).toBe(401);
  const operator = await account('BETREIBER', ['TERMINE_EDITIEREN', 'INHALT_EDITIEREN']);
  for (const bearer of [
    await t.bearer('patient@demo.de'),
    await t.bearer('therapeut@demo.de'),
    await operator.bearer(),
  ]) {
    expect((await send(bearer)).statusCode).toBe(403);
  }
}

describe('GET /api/firma/alle', () => {
  it('answers operators with every field', async () => {
    const operator = await account('BETREIBER');
    const response = await get(apiUrl(firmaEndpoints.alle), await operator.bearer());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual({
      id: demoFirmaId,
      bezeichner: DEMO_FIRMA,
      hatLogo: false,
      statistikSchreiben: true,
      logoPath: null,
      logoLink: null,
      linkTarget: false,
    });
  });

  it('is refused to visitors, patients and therapists', async () => {
    expect((await get(apiUrl(firmaEndpoints.alle))).statusCode).toBe(401);
    expect((await get(apiUrl(firmaEndpoints.alle), await t.bearer('patient@demo.de'))).statusCode).toBe(403);
    expect((await get(apiUrl(firmaEndpoints.alle), await t.bearer('therapeut@demo.de'))).statusCode).toBe(403);
  });
});

describe('GET /api/firma/alle/terminEditieren', () => {
  it('answers id and name to operators with TERMINE_EDITIEREN or BENUTZER_VERWALTEN', async () => {
    for (const privilege of ['TERMINE_EDITIEREN', 'BENUTZER_VERWALTEN'] as const) {
      const operator = await account('BETREIBER', [privilege]);
      const response = await get(apiUrl(firmaEndpoints.alleKurz), await operator.bearer());
      expect(response.statusCode).toBe(200);
      expect(response.json()).toContainEqual({ id: demoFirmaId, bezeichner: DEMO_FIRMA });
      expect(Object.keys(response.json()[0] as object).sort()).toEqual(['bezeichner', 'id']);
    }
  });

  it('is refused to others', async () => {
    const operator = await account('BETREIBER', ['INHALT_EDITIEREN']);
    expect((await get(apiUrl(firmaEndpoints.alleKurz), await operator.bearer())).statusCode).toBe(403);
    expect((await get(apiUrl(firmaEndpoints.alleKurz), await t.bearer('patient@demo.de'))).statusCode).toBe(403);
    expect((await get(apiUrl(firmaEndpoints.alleKurz))).statusCode).toBe(401);
  });
});

describe('GET /api/firma/meine', () => {
  it('answers the own affiliation or null', async () => {
    const own = await get(apiUrl(firmaEndpoints.meine), await t.bearer('firmenpatient@demo.de'));
    expect(own.json()).toEqual({
      id: demoFirmaId,
      bezeichner: DEMO_FIRMA,
      logoPath: null,
      logoLink: null,
      linkTarget: false,
    });
    const none = await get(apiUrl(firmaEndpoints.meine), await t.bearer('patient@demo.de'));
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    expect((await get(apiUrl(firmaEndpoints.meine))).statusCode).toBe(401);
  });
});

describe('GET /api/firma/eine/{patient|therapeut}/{id}', () => {
  it('answers operators and the user itself', async () => {
    const patientId = await idOf('firmenpatient@demo.de');
    // the affiliation carries the logo (none for the demo company)
    const expected = { id: demoFirmaId, bezeichner: DEMO_FIRMA, logoPath: null, logoLink: null, linkTarget: false };
    expect((await get(apiUrl(firmaEndpoints.einePatient, { params: { id: patientId } }), admin)).json()).toEqual(
      expected,
    );
    const self = await get(
      apiUrl(firmaEndpoints.einePatient, { params: { id: patientId } }),
      await t.bearer('firmenpatient@demo.de'),
    );
    expect(self.json()).toEqual(expected);
    const therapist = await account('THERAPEUT', [], demoFirmaId);
    expect(
      (
        await get(apiUrl(firmaEndpoints.eineTherapeut, { params: { id: therapist.id } }), await therapist.bearer())
      ).json(),
    ).toEqual(expected);
    const none = await get(
      apiUrl(firmaEndpoints.eineTherapeut, { params: { id: await idOf('therapeut@demo.de') } }),
      admin,
    );
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
  });

  it('is refused to other patients and therapists, and to visitors', async () => {
    const patientId = await idOf('firmenpatient@demo.de');
    expect(
      (await get(apiUrl(firmaEndpoints.einePatient, { params: { id: patientId } }), await t.bearer('patient@demo.de')))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await get(
          apiUrl(firmaEndpoints.einePatient, { params: { id: patientId } }),
          await t.bearer('therapeut@demo.de'),
        )
      ).statusCode,
    ).toBe(403);
    expect((await get(apiUrl(firmaEndpoints.einePatient, { params: { id: patientId } }))).statusCode).toBe(401);
  });

  it('answers 404 for a user of another role or none, and 400 for a malformed id', async () => {
    expect(
      (await get(apiUrl(firmaEndpoints.einePatient, { params: { id: await idOf('therapeut@demo.de') } }), admin))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(apiUrl(firmaEndpoints.eineTherapeut, { params: { id: await idOf('patient@demo.de') } }), admin))
        .statusCode,
    ).toBe(404);
    expect((await get(apiUrl(firmaEndpoints.einePatient, { params: { id: 999999 } }), admin)).statusCode).toBe(404);
    const malformed = await get(apiUrl(firmaEndpoints.einePatient, { params: { id: 'abc' } }), admin);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('Ungültige Benutzer-ID.');
  });
});

describe('POST /api/firma/neu', () => {
  it('is refused to non-admins', async () => {
    await expectRefusedToNonAdmins((authorization) =>
      post(apiUrl(firmaEndpoints.neu), { bezeichner: 'Verboten AG' }, authorization),
    );
    expect(await t.db.select().from(firmen).where(eq(firmen.bezeichner, 'Verboten AG'))).toHaveLength(0);
  });

  it('creates a company with every field; empty logo fields are stored as null', async () => {
    const response = await post(
      apiUrl(firmaEndpoints.neu),
      {
        bezeichner: '  Neue Firma GmbH ',
        hatLogo: true,
        statistikSchreiben: true,
        logoPath: '/api/files/logo-neu.png',
        logoLink: 'https://neue-firma.example',
        linkTarget: true,
      },
      admin,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      bezeichner: 'Neue Firma GmbH',
      hatLogo: true,
      statistikSchreiben: true,
      logoPath: '/api/files/logo-neu.png',
      logoLink: 'https://neue-firma.example',
      linkTarget: true,
    });
    const minimal = await post(
      apiUrl(firmaEndpoints.neu),
      { bezeichner: 'Minimal KG', logoPath: '', logoLink: '' },
      admin,
    );
    expect(minimal.json()).toMatchObject({ logoPath: null, logoLink: null, hatLogo: false, linkTarget: false });
  });

  it.each([
    [{ bezeichner: '' }, FIRMA_TEXTS.titelLeer],
    [{ bezeichner: '   ' }, FIRMA_TEXTS.titelLeer],
    [{}, 'bezeichner'],
    [{ bezeichner: 'x'.repeat(51) }, 'Maximale Länge beachten'],
    [{ bezeichner: 'Pfad zu lang', logoPath: `/${'p'.repeat(255)}` }, 'Maximale Länge beachten'],
    [{ bezeichner: 'Link zu lang', logoLink: `https://${'l'.repeat(250)}` }, 'Maximale Länge beachten'],
    [{ bezeichner: 'Skript', logoLink: 'javascript:alert(1)' }, FIRMA_TEXTS.linkUngueltig],
    [{ bezeichner: 'Daten', logoPath: 'data:image/png;base64,AAAA' }, FIRMA_TEXTS.pfadUngueltig],
    [{ bezeichner: 'Fremdes Bild', logoPath: 'https://fremd.example/logo.png' }, FIRMA_TEXTS.pfadUngueltig],
    [{ bezeichner: 'Ohne Schema', logoLink: '//fremd.example' }, FIRMA_TEXTS.linkUngueltig],
    [{ bezeichner: 'Kein Boolean', hatLogo: 'ja' }, 'hatLogo'],
  ])('refuses %j', async (body, message) => {
    const response = await post(apiUrl(firmaEndpoints.neu), body, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('accepts 50 characters and a 255 character link', async () => {
    const response = await post(
      apiUrl(firmaEndpoints.neu),
      { bezeichner: 'y'.repeat(50), logoLink: `https://${'l'.repeat(247)}` },
      admin,
    );
    expect(response.statusCode).toBe(200);
  });

  it('refuses a name that exists, whatever its case', async () => {
    const response = await post(apiUrl(firmaEndpoints.neu), { bezeichner: DEMO_FIRMA.toUpperCase() }, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(FIRMA_TEXTS.titelVergeben);
  });
});

describe('POST /api/firma/update', () => {
  it('is refused to non-admins', async () => {
    const target = await firma('Unverändert AG');
    await expectRefusedToNonAdmins((authorization) =>
      post(apiUrl(firmaEndpoints.update), { id: target.id, bezeichner: 'Geändert AG' }, authorization),
    );
    expect((await t.db.select().from(firmen).where(eq(firmen.id, target.id)))[0]?.bezeichner).toBe('Unverändert AG');
  });

  it('changes every field, and the own name in another case', async () => {
    const target = await firma('Alte Firma');
    const body = {
      id: target.id,
      bezeichner: 'ALTE FIRMA',
      hatLogo: true,
      statistikSchreiben: true,
      logoPath: '/logo.png',
      logoLink: '/inhalt/alte-firma',
      linkTarget: true,
    };
    const response = await post(apiUrl(firmaEndpoints.update), body, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(body);
  });

  it('refuses the name of another company, an unknown id and each rule', async () => {
    const target = await firma('Zweite Firma');
    const taken = await post(
      apiUrl(firmaEndpoints.update),
      { id: target.id, bezeichner: DEMO_FIRMA.toLowerCase() },
      admin,
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(FIRMA_TEXTS.titelVergeben);
    const unknown = await post(apiUrl(firmaEndpoints.update), { id: 999999, bezeichner: 'Niemand' }, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(FIRMA_TEXTS.nichtGefunden);
    expect((await post(apiUrl(firmaEndpoints.update), { id: target.id, bezeichner: '' }, admin)).json().message).toBe(
      `bezeichner: ${FIRMA_TEXTS.titelLeer}`,
    );
    expect((await post(apiUrl(firmaEndpoints.update), { bezeichner: 'Ohne ID' }, admin)).statusCode).toBe(400);
  });
});

describe('POST /api/firma/entfernen', () => {
  it('is refused to non-admins', async () => {
    const target = await firma('Bleibt GmbH');
    await expectRefusedToNonAdmins((authorization) =>
      post(apiUrl(firmaEndpoints.entfernen), { id: target.id }, authorization),
    );
    expect(await t.db.select().from(firmen).where(eq(firmen.id, target.id))).toHaveLength(1);
  });

  it('deletes the company; its users lose the affiliation and its pages stay, deactivated', async () => {
    const target = await firma('Geht GmbH');
    const member = await account('PATIENT', [], target.id);
    const [page] = await t.db
      .insert(pages)
      .values({ url: 'geht-gmbh', titel: 'Für Geht GmbH', firmaId: target.id, oeffentlich: false })
      .returning();
    const response = await post(apiUrl(firmaEndpoints.entfernen), { id: target.id }, admin);
    expect(response.statusCode).toBe(200);
    expect(await t.db.select().from(firmen).where(eq(firmen.id, target.id))).toHaveLength(0);
    expect(await firmaIdOf(member.id)).toBeNull();
    expect((await get(apiUrl(firmaEndpoints.meine), await member.bearer())).json()).toBeNull();
    const [kept] = await t.db.select().from(pages).where(eq(pages.id, page!.id));
    expect(kept).toMatchObject({ firmaId: null, aktiv: false });
    expect((await post(apiUrl(firmaEndpoints.entfernen), { id: target.id }, admin)).statusCode).toBe(404);
  });

  it.each([[{}], [{ id: 'eins' }], [{ id: 0 }]])('refuses %j', async (body) => {
    expect((await post(apiUrl(firmaEndpoints.entfernen), body, admin)).statusCode).toBe(400);
  });
});

describe('POST /api/firma/setzen/patient and /therapeut', () => {
  it('is refused to non-admins', async () => {
    const patient = await account('PATIENT');
    await expectRefusedToNonAdmins((authorization) =>
      post(apiUrl(firmaEndpoints.setzenPatient), { firmaId: demoFirmaId, patientId: patient.id }, authorization),
    );
    expect(await firmaIdOf(patient.id)).toBeNull();
  });

  it('sets and removes (firmaId -1) the company of a patient', async () => {
    const patient = await account('PATIENT');
    const set = await post(
      apiUrl(firmaEndpoints.setzenPatient),
      { bezeichner: DEMO_FIRMA, firmaId: demoFirmaId, patientId: patient.id },
      admin,
    );
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      id: demoFirmaId,
      bezeichner: DEMO_FIRMA,
      logoPath: null,
      logoLink: null,
      linkTarget: false,
    });
    expect(await firmaIdOf(patient.id)).toBe(demoFirmaId);
    const removed = await post(
      apiUrl(firmaEndpoints.setzenPatient),
      { bezeichner: 'Keine Firmenzugehörigkeit', firmaId: -1, patientId: patient.id },
      admin,
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toBeNull();
    expect(await firmaIdOf(patient.id)).toBeNull();
  });

  it('sets the company of a therapist', async () => {
    const therapist = await account('THERAPEUT');
    const response = await post(
      apiUrl(firmaEndpoints.setzenTherapeut),
      { firmaId: demoFirmaId, therapeutId: therapist.id },
      admin,
    );
    expect(response.json()).toEqual({
      id: demoFirmaId,
      bezeichner: DEMO_FIRMA,
      logoPath: null,
      logoLink: null,
      linkTarget: false,
    });
    expect(await firmaIdOf(therapist.id)).toBe(demoFirmaId);
  });

  it('never changes the own account', async () => {
    const adminId = await idOf('betreiber@demo.de');
    for (const [url, key] of [
      [apiUrl(firmaEndpoints.setzenPatient), 'patientId'],
      [apiUrl(firmaEndpoints.setzenTherapeut), 'therapeutId'],
    ] as const) {
      const response = await post(url, { firmaId: demoFirmaId, [key]: adminId }, admin);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGES.eigenesProfil);
    }
    expect(await firmaIdOf(adminId)).toBeNull();
  });

  it('refuses targets of another role, unknown users and unknown companies', async () => {
    const therapistId = await idOf('therapeut@demo.de');
    const patientId = await idOf('patient@demo.de');
    const operator = await account('BETREIBER');
    expect(
      (await post(apiUrl(firmaEndpoints.setzenPatient), { firmaId: demoFirmaId, patientId: therapistId }, admin))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(apiUrl(firmaEndpoints.setzenTherapeut), { firmaId: demoFirmaId, therapeutId: patientId }, admin))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(apiUrl(firmaEndpoints.setzenPatient), { firmaId: demoFirmaId, patientId: operator.id }, admin))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(apiUrl(firmaEndpoints.setzenPatient), { firmaId: demoFirmaId, patientId: 999999 }, admin)).statusCode,
    ).toBe(404);
    const unknownFirma = await post(apiUrl(firmaEndpoints.setzenPatient), { firmaId: 999999, patientId }, admin);
    expect(unknownFirma.statusCode).toBe(404);
    expect(unknownFirma.json().message).toBe(FIRMA_TEXTS.nichtGefunden);
    expect(await firmaIdOf(patientId)).toBeNull();
    expect(await firmaIdOf(therapistId)).toBeNull();
  });

  it.each([
    [{ firmaId: 0, patientId: 1 }],
    [{ firmaId: -2, patientId: 1 }],
    [{ firmaId: 1, patientId: 'eins' }],
    [{ firmaId: 1 }],
  ])('refuses %j', async (body) => {
    expect((await post(apiUrl(firmaEndpoints.setzenPatient), body, admin)).statusCode).toBe(400);
  });
});
