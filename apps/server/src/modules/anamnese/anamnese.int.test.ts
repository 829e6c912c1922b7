import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANAMNESE_TEXTS,
  anamneseEndpoints as api,
  LEERE_ANAMNESE,
  type Anamnese,
  type AnamneseSpeichern,
} from '@dihs/contract/anamnese';
import type { EndpointDeclaration } from '@dihs/contract/common/endpoint';
import { privilegeCode, type Privilege, type Role } from '@dihs/contract/common/roles';
import { hashPassword } from '../../lib/password.ts';
import { injectEndpoint, type InjectInput } from '../../test/inject-endpoint.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../users/index.ts';
import { users } from '../users/users.table.ts';
import { profiles } from '../profil/profil.table.ts';

let t: TestApp;
let hash: string;
const bearers = new Map<string, string>();
const ids: Record<string, number> = {};
let counter = 0;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_IP: '1000', LOGIN_RATE_LIMIT_ACCOUNT: '1000' });
  hash = await hashPassword(DEMO_PASSWORD);
  for (const row of await t.db.select({ id: users.id, email: users.email }).from(users)) ids[row.email] = row.id;
});
afterAll(() => t.close());

async function bearer(email: string) {
  if (!bearers.has(email)) bearers.set(email, await t.bearer(email));
  return bearers.get(email)!;
}

async function account(role: Role, privileges: Privilege[] = []): Promise<string> {
  const email = `anamnese-${role.toLowerCase()}-${counter++}@test.de`;
  const [row] = await t.db
    .insert(users)
    .values({ email, role, passwordHash: hash, privileges: privileges.map(privilegeCode), emailConfirmed: true })
    .returning({ id: users.id });
  ids[email] = row!.id;
  await t.db.insert(profiles).values({ userId: row!.id, vorname: 'Anna', nachname: 'Anamnese' });
  return email;
}

async function call<E extends EndpointDeclaration>(declaration: E, email: string | null, input: InjectInput<E> = {}) {
  return injectEndpoint(t.app, declaration, { ...input, ...(email ? { authorization: await bearer(email) } : {}) });
}

const VOLLSTAENDIG: AnamneseSpeichern = {
  ...LEERE_ANAMNESE,
  groesse: 170,
  gewicht: 65,
  computerzeit: 24.5,
  erkrankungen: 'Keine',
  medikamente: 'Keine',
  schmerzmedikamente: 'Paracetamol',
  allergien: 'Keine',
  psychischBeeintraechtigt: 3,
  schmerzen: 0,
  seitWannSchmerzen: 1,
  woSchmerzen: [
    { seite: 'VORNE', x: 0.4, y: 0.75 },
    { seite: 'HINTEN', x: 0.5, y: 0.41 },
    { seite: 'HINTEN', x: 0, y: 1 },
  ],
  schmerzArt3: true,
  schmerzStaerkeRuhe: 2,
  schmerzStaerkeBelastung: 8,
  angabenDatum: '2026-11-23',
  datenschutz: true,
};

describe('anamnesis', () => {
  let patient: string;

  it('starts empty, saves with the privacy checkbox only, and refuses bad values with German messages', async () => {
    patient = await account('PATIENT');
    expect((await call(api.eigene, patient)).json()).toBeNull();

    const cases: [Partial<Record<string, unknown>>, string][] = [
      [{ groesse: 0 }, ANAMNESE_TEXTS.koerperwert],
      [{ groesse: 251 }, ANAMNESE_TEXTS.koerperwert],
      [{ gewicht: 251 }, ANAMNESE_TEXTS.koerperwert],
      [{ computerzeit: 25 }, ANAMNESE_TEXTS.computerzeitMax],
      [{ computerzeit: -1 }, ANAMNESE_TEXTS.computerzeitMin],
      [{ psychischBeeintraechtigt: 11 }, ANAMNESE_TEXTS.slider],
      [{ schmerzStaerkeRuhe: 0 }, ANAMNESE_TEXTS.slider],
      [{ woSchmerzen: [{ seite: 'VORNE', x: 1.2, y: 0.5 }] }, ANAMNESE_TEXTS.punktAusserhalb],
      [{ woSchmerzen: [{ seite: 'VORNE', x: 0.5, y: -0.1 }] }, ANAMNESE_TEXTS.punktAusserhalb],
      [{ diagnose: 'x'.repeat(100_000) }, 'Maximale Länge beachten'],
      [{ opDatum: '2026-02-30' }, ANAMNESE_TEXTS.datum],
      [{ datenschutz: false }, ANAMNESE_TEXTS.datenschutz],
      [{ unterschrieben: true }, ''],
    ];
    for (const [change, message] of cases) {
      const response = await call(api.speichern, patient, {
        body: { ...LEERE_ANAMNESE, datenschutz: true, ...change },
      });
      expect(response.statusCode, JSON.stringify(change).slice(0, 60)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect((await call(api.eigene, patient)).json()).toBeNull();

    // an intermediate save of an incomplete form is fine
    const saved = await call(api.speichern, patient, { body: { ...LEERE_ANAMNESE, groesse: 170, datenschutz: true } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Anamnese>()).toMatchObject({ groesse: 170, unterschrieben: false, patientId: ids[patient] });
  });

  it('signs only a complete form; afterwards every change is refused, in the database too', async () => {
    const early = await call(api.unterschreiben, patient);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(ANAMNESE_TEXTS.unvollstaendig);
    expect((await call(api.eigene, patient)).json<Anamnese>().unterschrieben).toBe(false);

    expect((await call(api.speichern, patient, { body: VOLLSTAENDIG })).statusCode).toBe(200);
    const signed = await call(api.unterschreiben, patient);
    expect(signed.statusCode).toBe(200);
    expect(signed.json<Anamnese>()).toMatchObject({ unterschrieben: true, woSchmerzen: VOLLSTAENDIG.woSchmerzen });
    expect(signed.json<Anamnese>().unterschriebenAm).not.toBeNull();

    const again = await call(api.speichern, patient, { body: { ...VOLLSTAENDIG, groesse: 180 } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ANAMNESE_TEXTS.unterschrieben);
    expect((await call(api.unterschreiben, patient)).statusCode).toBe(409);
    await expect(
      t.db.execute(sql`update anamnese set unterschrieben = false where patient_user_id = ${ids[patient]}`),
    ).rejects.toThrow();
    expect((await call(api.eigene, patient)).json<Anamnese>().groesse).toBe(170);
  });

  it('the PDF carries the answers, the pain points and the signature', async () => {
    const response = await call(api.pdfEigene, patient);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(response.rawPayload)), {
      mergePages: true,
    });
    for (const expected of [
      'Anamnesebogen',
      'Anna Anamnese',
      'unterschrieben am',
      'Größe (cm): 170',
      'Schmerzmedikamente: Paracetamol',
      'Psychische Belastung: 3/10',
      'Schmerzstärke unter Belastung: 8/10',
      'schneidend',
      'Schmerzpunkt 1: Vorderseite: Knie rechts',
      'Schmerzpunkt 2: Rückseite: Lendenwirbelsäule und unterer Rücken',
      'Vorderseite',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('is read by the patient, therapists with the patient in care and privileged operators only', async () => {
    const demoPatient = ids['patient@demo.de']!;
    const other = await account('PATIENT');
    const ohne = await account('BETREIBER');
    const mit = await account('BETREIBER', ['FRAGEBOGEN_EDITIEREN']);
    for (const email of [other, ohne, 'therapeut2@demo.de']) {
      expect((await call(api.vonPatient, email, { params: { patientId: demoPatient } })).statusCode).toBe(403);
      expect((await call(api.pdfVonPatient, email, { params: { id: demoPatient } })).statusCode).toBe(403);
    }
    for (const email of ['therapeut@demo.de', mit, 'patient@demo.de']) {
      const response = await call(api.vonPatient, email, { params: { patientId: demoPatient } });
      expect(response.statusCode).toBe(200);
      expect(response.json<Anamnese>().woSchmerzen).toHaveLength(3);
      expect((await call(api.pdfVonPatient, email, { params: { id: demoPatient } })).statusCode).toBe(200);
    }
    // writing is the patient's own: other roles never reach it
    expect((await call(api.speichern, 'therapeut@demo.de', { body: VOLLSTAENDIG })).statusCode).toBe(403);
    expect((await call(api.unterschreiben, mit)).statusCode).toBe(403);
    expect((await call(api.vonPatient, mit, { params: { patientId: ids['therapeut@demo.de'] } })).statusCode).toBe(404);
    expect((await call(api.eigene, null)).statusCode).toBe(401);
  });

  it('is deleted by the patient or a privileged operator, never by another patient', async () => {
    const other = await account('PATIENT');
    const therapist = 'therapeut@demo.de';
    expect((await call(api.entfernen, other, { body: { patientId: ids[patient] } })).statusCode).toBe(403);
    expect((await call(api.entfernen, therapist, { body: { patientId: ids[patient] } })).statusCode).toBe(403);
    expect(
      (await call(api.entfernen, await account('BETREIBER'), { body: { patientId: ids[patient] } })).statusCode,
    ).toBe(403);
    const operatorMissingId = await call(api.entfernen, 'betreiber@demo.de', { body: {} });
    expect(operatorMissingId.statusCode).toBe(400);
    expect(operatorMissingId.json().message).toBe(ANAMNESE_TEXTS.patientFehlt);

    // the signed form is deleted by its patient
    expect((await call(api.entfernen, patient, { body: {} })).statusCode).toBe(200);
    expect((await call(api.eigene, patient)).json()).toBeNull();
    expect((await call(api.entfernen, patient, { body: {} })).statusCode).toBe(404);

    // and the demo patient's by the operator
    const demoPatient = ids['patient@demo.de']!;
    expect((await call(api.entfernen, 'betreiber@demo.de', { body: { patientId: demoPatient } })).statusCode).toBe(200);
    expect((await call(api.vonPatient, 'betreiber@demo.de', { params: { patientId: demoPatient } })).json()).toBeNull();
  });

  it('is exported for the patient and erased with the patient', async () => {
    const owner = await account('PATIENT');
    expect((await call(api.speichern, owner, { body: VOLLSTAENDIG })).statusCode).toBe(200);
    const { anamneseModule } = await import('./anamnese.module.ts');
    const exported = await anamneseModule.exportPatient!(t.db, ids[owner]!, t.services);
    expect(exported.anamnese).toHaveLength(1);
    await t.db.transaction((tx) => anamneseModule.erasePatient!(tx, ids[owner]!, t.services));
    expect((await call(api.eigene, owner)).json()).toBeNull();
  });
});
