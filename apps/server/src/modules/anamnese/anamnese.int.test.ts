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
import { createAccountWorld } from '../../test/account-world.ts';
import type { TestApp } from '../../test/test-app.ts';

// patients made here have no appointment: no therapist has them in care
const world = createAccountWorld('anamnese', { profileName: ['Anna', 'Anamnese'] });
const { ids, account, call } = world;
let t: TestApp;

beforeAll(async () => {
  t = await world.start();
});
afterAll(() => world.close());

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
