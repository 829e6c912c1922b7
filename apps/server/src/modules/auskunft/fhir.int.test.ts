import { and, eq } from 'drizzle-orm';
import type { Bundle, DocumentReference, Observation, Patient, PractitionerRole, Resource } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auskunftEndpoints, fhirDateiname, UEBERMITTLUNG_TEXTS } from '@dihs/contract/auskunft';
import { privilegeCode } from '@dihs/contract/common/roles';
import { MESSAGES } from '@dihs/contract/common/messages';
import { profilEndpoints } from '@dihs/contract/profil';
import { rezeptEndpoints } from '@dihs/contract/rezept';
import { injectEndpoint } from '../../test/inject-endpoint.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { zugriffsprotokoll } from '../protokoll/protokoll.table.ts';
import { users } from '../users/users.table.ts';
import { danglingReferences, fhirErrors, fhirServer } from './fhir.test-support.ts';
import { TINY_PNG } from '../../test/tiny-png.ts';

/**
 * Issue 34 items 1-3: the FHIR R4 export of a patient with every kind of record, judged by code no one here wrote:
 * Medplum's validator (base R4 definitions) and Medplum's FHIR router on its in-memory repository.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const EMAIL = 'patient@demo.de';
/** A 1×1 PNG: the prescription's file. */
const PNG = TINY_PNG;

const userOf = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!;

/** A multipart body as a browser would send it. */
async function multipart(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

const DOKU_THERAPEUT = 'Schulter frei beweglich.\nÜbungen zu Hause: täglich, Schmerz 3/10.';
const DOKU_BETREIBER = 'Rezept liegt vor.';
const LOINC_VERLAUF = 'http://loinc.org|11506-3';
const isDokumentation = (r: DocumentReference) => r.type?.coding?.[0]?.code === '11506-3';

type Tables = Record<string, Record<string, Record<string, unknown>[]>>;
const ofType = <T extends Resource>(bundle: Bundle, type: T['resourceType']): T[] =>
  (bundle.entry ?? []).map((entry) => entry.resource!).filter((r): r is T => r.resourceType === type);

describe('GET /api/datenauskunft/fhir', () => {
  let bundle: Bundle;
  let json: Tables;
  let patientId = 0;

  beforeAll(async () => {
    // the demo patient has appointments, a findings questionnaire, the signed anamnesis with body-image points, a
    // training plan with pain ratings and consents; add a company and a prescription with its file
    const patient = await userOf(EMAIL);
    patientId = patient.id;
    const firma = (await userOf('firmenpatient@demo.de')).firmaId;
    await t.db.update(users).set({ firmaId: firma }).where(eq(users.id, patientId));
    const authorization = await t.bearer(EMAIL);
    const upload = await injectEndpoint(t.app, rezeptEndpoints.hochladen, {
      authorization,
      ...(await multipart({ file: new File([PNG], 'rezept.png', { type: 'image/png' }), description: 'KG 6x' })),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    // the documentation: an entry by the therapist in charge and one by an operator
    for (const [endpoint, email, beitrag] of [
      [profilEndpoints.dokumentationAnlegen, 'therapeut@demo.de', DOKU_THERAPEUT],
      [profilEndpoints.dokumentationBetreiberAnlegen, 'betreiber@demo.de', DOKU_BETREIBER],
    ] as const) {
      const written = await injectEndpoint(t.app, endpoint, {
        authorization: await t.bearer(email),
        params: { patientId },
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(beitrag),
      });
      expect(written.statusCode, written.body).toBe(200);
    }

    const response = await injectEndpoint(t.app, auskunftEndpoints.fhir, { authorization });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/fhir\+json/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${fhirDateiname()}"`);
    expect(response.headers['cache-control']).toBe('no-store');
    bundle = response.json<Bundle>();
    const own = await injectEndpoint(t.app, auskunftEndpoints.herunterladen, { authorization });
    json = own.json<Tables>();
  });

  it('is a collection Bundle in which every entry has a urn:uuid and every reference stays inside', () => {
    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.type).toBe('collection');
    const urls = bundle.entry!.map((entry) => entry.fullUrl);
    for (const url of urls)
      expect(url).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(urls).size).toBe(urls.length);
    expect(danglingReferences(bundle)).toEqual([]);
    const types = new Set(bundle.entry!.map((entry) => entry.resource!.resourceType));
    expect([...types].sort()).toEqual(
      [
        'Appointment',
        'CarePlan',
        'Consent',
        'DocumentReference',
        'Observation',
        'Organization',
        'Patient',
        'Practitioner',
        'PractitionerRole',
        'Questionnaire',
        'QuestionnaireResponse',
      ].sort(),
    );
  });

  it('validates against the base FHIR R4 definitions with zero errors (Medplum’s validator)', () => {
    expect(fhirErrors(bundle)).toEqual([]);
    // the judge is awake: a resource without its required elements fails
    expect(
      fhirErrors({
        resourceType: 'Bundle',
        type: 'collection',
        entry: [{ resource: { resourceType: 'Appointment' } as never }],
      }),
    ).not.toEqual([]);
  });

  it('maps every kind of record, counted against the JSON export of the same patient', () => {
    expect(ofType(bundle, 'Appointment')).toHaveLength(json.termin!.termin_teilnahme!.length);
    expect(ofType(bundle, 'QuestionnaireResponse')).toHaveLength(json.fragebogen!.patient_fragebogen!.length + 1);
    expect(ofType(bundle, 'CarePlan')).toHaveLength(json.training!.trainingsplan_set!.length);
    expect(ofType(bundle, 'Consent')).toHaveLength(json.einwilligung!.einwilligung!.length);
    const ratings = json.training!.trainingsplan_erledigt!.filter((mark) => mark.schmerz !== null);
    const pain = ofType<Observation>(bundle, 'Observation').filter((o) => o.code.coding?.[0]?.code === '72514-3');
    expect(pain.map((o) => o.valueInteger).sort()).toEqual(ratings.map((mark) => mark.schmerz).sort());
    const angaben = json.anamnese!.anamnese![0]!.angaben as { woSchmerzen: unknown[] };
    const points = ofType<Observation>(bundle, 'Observation').filter((o) => o.code.coding?.[0]?.code === '22253000');
    expect(points).toHaveLength(angaben.woSchmerzen.length);
    expect(points.every((o) => o.bodySite?.text)).toBe(true);
    expect(points.some((o) => o.bodySite?.coding?.[0]?.system === 'http://snomed.info/sct')).toBe(true);
    // answers typed: boolean, integer, string and choice
    const answers = ofType(bundle, 'QuestionnaireResponse').flatMap((qr) =>
      (qr as { item?: { answer?: Record<string, unknown>[] }[] }).item!.flatMap((item) => item.answer!),
    );
    for (const key of ['valueBoolean', 'valueInteger', 'valueString', 'valueCoding', 'valueDecimal']) {
      expect(
        answers.some((answer) => key in answer),
        key,
      ).toBe(true);
    }
    const rezepte = ofType<DocumentReference>(bundle, 'DocumentReference').filter((r) => !isDokumentation(r));
    expect(rezepte).toHaveLength(json.rezept!.rezept!.length);
    // the decrypted file as the JSON export carries it (the upload re-encodes images)
    const uploaded = json.rezept!.rezept!.find((row) => row.originalFilename === 'rezept.png')!;
    const datei = json.rezept!.rezept_datei!.find((row) => row.rezeptId === uploaded.id)!.datei as { base64: string };
    expect(datei.base64.length).toBeGreaterThan(0);
    expect(rezepte.find((r) => r.content[0]!.attachment.title === 'rezept.png')!.content[0]!.attachment).toMatchObject({
      contentType: 'image/png',
      data: datei.base64,
    });
    // the documentation: every entry with its author, its text as written
    const dokumentation = ofType<DocumentReference>(bundle, 'DocumentReference').filter(isDokumentation);
    expect(dokumentation).toHaveLength(json.profil!.dokumentation!.length);
    const texte = dokumentation.map((r) => Buffer.from(r.content[0]!.attachment.data!, 'base64').toString('utf8'));
    expect(texte.sort()).toEqual([DOKU_BETREIBER, DOKU_THERAPEUT].sort());
    const roles = new Map(
      ofType<PractitionerRole>(bundle, 'PractitionerRole').map((role) => [role.practitioner!.reference, role]),
    );
    for (const r of dokumentation) {
      expect(r).toMatchObject({ status: 'current', docStatus: 'final', subject: { reference: expect.any(String) } });
      expect(r.content[0]!.attachment.contentType).toBe('text/plain; charset=utf-8');
      const role = roles.get(r.author![0]!.reference)!.code![0]!.text;
      expect(role).toBe(
        r.type!.text === 'Dokumentation (Betreiber)' ? 'Betreiber der Plattform' : 'Therapeutin/Therapeut',
      );
    }
    const [patient] = ofType<Patient>(bundle, 'Patient');
    expect(patient).toMatchObject({ name: [{ family: 'Patientin', given: ['Paula'] }], birthDate: '1980-04-12' });
    expect(patient!.managingOrganization?.reference).toBe(
      bundle.entry!.find((entry) => entry.resource!.resourceType === 'Organization')!.fullUrl,
    );
  });

  it('is accepted as a transaction by Medplum’s FHIR router and searched back', async () => {
    const server = await fhirServer(bundle);
    expect(server.outcome.id).toBe('ok');
    expect(server.result!.entry!.every((entry) => entry.response?.status === '201')).toBe(true);
    const identifier = ofType<Patient>(bundle, 'Patient')[0]!.identifier![0]!;
    const found = await server.search('Patient', { identifier: `${identifier.system}|${identifier.value}` });
    expect(found).toHaveLength(1);
    const subject = `Patient/${found[0]!.id}`;
    expect(await server.search('QuestionnaireResponse', { subject })).toHaveLength(
      json.fragebogen!.patient_fragebogen!.length + 1,
    );
    const pain = (await server.search('Observation', { code: 'http://loinc.org|72514-3' })) as Observation[];
    const ratings = json.training!.trainingsplan_erledigt!.filter((mark) => mark.schmerz !== null);
    expect(pain).toHaveLength(ratings.length);
    expect(pain.every((o) => o.subject?.reference === subject)).toBe(true);
    expect(await server.search('Appointment', { patient: subject })).toHaveLength(
      json.termin!.termin_teilnahme!.length,
    );
    expect(await server.search('CarePlan', { subject })).toHaveLength(json.training!.trainingsplan_set!.length);
    const notes = (await server.search('DocumentReference', { subject, type: LOINC_VERLAUF })) as DocumentReference[];
    expect(notes).toHaveLength(json.profil!.dokumentation!.length);
    expect(notes.every((note) => note.author?.[0]?.reference?.startsWith('Practitioner/'))).toBe(true);
  });

  it('writes the export into the audit log as the patient’s own access, and refuses everybody else', async () => {
    let entries: (typeof zugriffsprotokoll.$inferSelect)[] = [];
    for (let i = 0; i < 50 && entries.length === 0; i++) {
      entries = await t.db
        .select()
        .from(zugriffsprotokoll)
        .where(
          and(
            eq(zugriffsprotokoll.patientUserId, patientId),
            eq(zugriffsprotokoll.art, 'EXPORT'),
            eq(zugriffsprotokoll.endpunkt, 'GET /api/datenauskunft/fhir'),
          ),
        );
      if (entries.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(entries).toEqual([
      expect.objectContaining({ akteurUserId: patientId, aktion: 'LESEN', ergebnis: 'ERLAUBT' }),
    ]);
    expect((await injectEndpoint(t.app, auskunftEndpoints.fhir)).statusCode).toBe(401);
    for (const email of ['therapeut@demo.de', 'betreiber@demo.de']) {
      const response = await injectEndpoint(t.app, auskunftEndpoints.fhir, { authorization: await t.bearer(email) });
      expect(response.statusCode, email).toBe(403);
      expect(response.json<{ message: string }>().message).toBe(MESSAGES.keineBerechtigung);
    }
  });
});

describe('POST /api/datenauskunft/fhir/patient/:patientId (an operator’s transfer to another provider)', () => {
  const GRUND = 'Übermittlung an die Praxis Muster auf Wunsch der Patientin';
  const transfer = async (email: string | undefined, patientId: number, grund: unknown = GRUND) =>
    injectEndpoint(t.app, auskunftEndpoints.fhirUebermitteln, {
      ...(email ? { authorization: await t.bearer(email) } : {}),
      params: { patientId },
      body: { grund },
    });

  it('answers the patient’s valid Bundle to an operator with the privilege, keeps the reason, audits the access', async () => {
    const patient = await userOf('patient2@demo.de');
    const operator = await userOf('betreiber@demo.de');
    const response = await transfer('betreiber@demo.de', patient.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/fhir\+json/);
    const bundle = response.json<Bundle>();
    expect(fhirErrors(bundle)).toEqual([]);
    expect(danglingReferences(bundle)).toEqual([]);
    const [subject] = ofType<Patient>(bundle, 'Patient');
    expect(subject!.identifier![0]!.value).toBe(String(patient.id));
    expect(subject!.telecom).toContainEqual({ system: 'email', value: 'patient2@demo.de' });

    // the reason, shown to the patient in their own export
    const own = await injectEndpoint(t.app, auskunftEndpoints.herunterladen, {
      authorization: await t.bearer('patient2@demo.de'),
    });
    expect(own.json<Tables>().auskunft!.fhir_uebermittlung).toEqual([
      expect.objectContaining({ patientUserId: patient.id, betreiberUserId: operator.id, grund: GRUND }),
    ]);
    let entries: (typeof zugriffsprotokoll.$inferSelect)[] = [];
    for (let i = 0; i < 50 && entries.length === 0; i++) {
      entries = await t.db
        .select()
        .from(zugriffsprotokoll)
        .where(and(eq(zugriffsprotokoll.patientUserId, patient.id), eq(zugriffsprotokoll.akteurUserId, operator.id)));
      if (entries.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(entries).toEqual([
      expect.objectContaining({ art: 'EXPORT', aktion: 'LESEN', ergebnis: 'ERLAUBT', status: 200 }),
    ]);
    // the reason is not in the audit log: it never holds content
    expect(JSON.stringify(entries)).not.toContain(GRUND);
  });

  it('refuses operators without the privilege, therapists and patients, and keeps no reason then', async () => {
    const patient = await userOf('patient2@demo.de');
    const operator = await userOf('betreiber@demo.de');
    const without = operator.privileges.filter((code) => code !== privilegeCode('PATIENTENDATEN_UEBERMITTELN'));
    await t.db.update(users).set({ privileges: without }).where(eq(users.id, operator.id));
    try {
      for (const email of ['betreiber@demo.de', 'therapeut@demo.de', 'patient@demo.de', 'patient2@demo.de']) {
        const response = await transfer(email, patient.id);
        expect(response.statusCode, email).toBe(403);
        expect(response.json<{ message: string }>().message).toBe(MESSAGES.keineBerechtigung);
      }
      expect((await transfer(undefined, patient.id)).statusCode).toBe(401);
    } finally {
      await t.db.update(users).set({ privileges: operator.privileges }).where(eq(users.id, operator.id));
    }
  });

  it('asks for a reason and refuses an id that is no patient, in German', async () => {
    const patient = await userOf('patient2@demo.de');
    for (const grund of ['', '   kurz   ', null]) {
      const response = await transfer('betreiber@demo.de', patient.id, grund);
      expect(response.statusCode, String(grund)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(UEBERMITTLUNG_TEXTS.grundZuKurz);
    }
    const long = await transfer('betreiber@demo.de', patient.id, 'x'.repeat(501));
    expect(long.json<{ message: string }>().message).toContain(UEBERMITTLUNG_TEXTS.grundZuLang);
    for (const id of [999_999, (await userOf('therapeut@demo.de')).id]) {
      const response = await transfer('betreiber@demo.de', id);
      expect(response.statusCode, String(id)).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(UEBERMITTLUNG_TEXTS.keinPatient);
    }
  });
});
