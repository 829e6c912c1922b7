import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auskunftEndpoints } from '@dihs/contract/auskunft';
import { rezeptEndpoints } from '@dihs/contract/rezept';
import { createLocalFileStore } from '../../lib/file-store.ts';
import { hashPassword } from '../../lib/password.ts';
import { injectEndpoint } from '../../test/inject-endpoint.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { issueCode } from '../codes/index.ts';
import { feedbacks } from '../feedback/feedback.table.ts';
import { enqueueMail } from '../mail/index.ts';
import { profiles } from '../profil/profil.table.ts';
import { DEMO_PASSWORD } from '../users/index.ts';
import { users } from '../users/users.table.ts';
import { MODULES } from '../index.ts';
import { collectDatenauskunft, DATENAUSKUNFT_KOPF } from './auskunft.service.ts';
import {
  countRows,
  insertGenericRow,
  patientRows,
  patientTablesByEmail,
  patientTablesByKeys,
  readCatalog,
  SECRET_COLUMN,
  type PatientTable,
} from './patient-tables.test-support.ts';
import { TINY_PNG } from '../../test/tiny-png.ts';

/**
 * The proof of the self-service export (issue 18, item 11): every table that holds a row about the patient — found
 * in the database catalogue, so a table added later is included without touching this test — contributes that
 * row to the export. A table no module exports fails here by name: give its module an exportPatient
 * (<module>.export.ts, ModuleDescriptor.exportPatient) or, if its person column names staff, see STAFF_COLUMN.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const EMAIL = 'erika.auskunft@demo.de';
/** A 1×1 PNG: the profile photo travels through the export as a file. */
const PHOTO = TINY_PNG;
const RESET_CODE = 'Zk3n8Q2pL0vX7yR4tB6wC9eD1fG5hJ8kM3nP6qS0uV2';

/** A multipart body as a browser would send it (FormData serialised by the platform's Request). */
async function multipart(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/**
 * The fixture's explicit part: what generic rows cannot show (a stored file, the address-linked tables, secrets)
 * and rows whose content must be real for their module to read it (an encrypted prescription: through its upload).
 * A module whose export cannot read a generic row adds its real record here.
 */
async function patientWithRecords(): Promise<{ patientId: number; staffId: number; authorization: string }> {
  const [patient] = await t.db
    .insert(users)
    .values({
      email: EMAIL,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      role: 'PATIENT',
      emailConfirmed: true,
    })
    .returning();
  const patientId = patient!.id;
  const [staff] = await t.db.select().from(users).where(eq(users.email, 'therapeut@demo.de'));
  const files = createLocalFileStore({ dataDir: t.config.dataDir, secret: t.config.jwtSecret });
  await t.db
    .insert(profiles)
    .values({ userId: patientId, vorname: 'Erika', nachname: 'Auskunft', profilbild: await files.put(PHOTO) });
  await issueCode(t.db, { userId: patientId, purpose: 'PASSWORT_RESET' });
  await enqueueMail(t.db, {
    to: EMAIL,
    subject: 'Passwort zurücksetzen',
    text: `Über diesen Link: https://dihs.example/passwortreset/${RESET_CODE}`,
    attachments: [{ filename: 'termin.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
  });
  await t.db.insert(feedbacks).values({ email: EMAIL, text: 'Die Übungen helfen' });
  const authorization = await t.bearer(EMAIL);
  const rezept = await injectEndpoint(t.app, rezeptEndpoints.hochladen, {
    authorization,
    ...(await multipart({
      file: new File([PHOTO], 'rezept.png', { type: 'image/png' }),
      description: 'Physiotherapie 6x',
    })),
  });
  expect(rezept.statusCode, rezept.body).toBe(200);
  return { patientId, staffId: staff!.id, authorization };
}

/**
 * Fills every table about the patient that still has no row of theirs, in passes: a row may need one in a table
 * filled later (a done-mark needs the plan entry). Answers the tables that stayed empty, with the reason.
 */
async function fillTheRest(
  catalog: Awaited<ReturnType<typeof readCatalog>>,
  tables: PatientTable[],
  ids: { patientId: number; staffId: number },
): Promise<string[]> {
  const known = new Map(tables.map((table) => [table.table, table]));
  let empty = [];
  for (const table of tables) if ((await countRows(t.db, table)) === 0) empty.push(table);
  const reasons = new Map<string, string>();
  for (let progress = true; progress && empty.length;) {
    progress = false;
    const left: PatientTable[] = [];
    for (const table of empty) {
      try {
        await insertGenericRow(t.db, catalog, table, known, ids);
        progress = true;
      } catch (error) {
        reasons.set(table.table, error instanceof Error ? error.message : String(error));
        left.push(table);
      }
    }
    empty = left;
  }
  return empty.map(
    (table) =>
      `${table.table}: keine Testzeile anlegbar (${reasons.get(table.table)}); bitte in patientWithRecords ergänzen`,
  );
}

/** The tables about the patient whose rows the export lacks (by name, with the reason), and secrets it carries. */
async function coverageProblems(tables: PatientTable[], text: string): Promise<string[]> {
  const file = JSON.parse(text) as Record<string, unknown>;
  const exported = new Map<string, unknown[]>();
  for (const [key, value] of Object.entries(file)) {
    if ((DATENAUSKUNFT_KOPF as readonly string[]).includes(key)) continue;
    for (const [table, rows] of Object.entries(value as Record<string, unknown[]>)) exported.set(table, rows);
  }
  const problems: string[] = [];
  for (const table of tables) {
    const rows = await patientRows(t.db, table);
    if (rows.length === 0) continue; // only address-linked tables can be empty here: nothing to prove
    const out = exported.get(table.table);
    const why = table.because.join(', ');
    if (!out) {
      problems.push(`${table.table} (${why}): kein Modul exportiert diese Tabelle`);
      continue;
    }
    const dbIds = rows.map((row) => row.id).filter((value) => value !== undefined);
    const outIds = out.map((row) => (row as { id?: unknown }).id);
    if (out.length === 0 || (dbIds.length > 0 && !dbIds.some((value) => outIds.includes(value)))) {
      problems.push(`${table.table} (${why}): die Zeilen des Patienten fehlen im Export`);
    }
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        if (SECRET_COLUMN.test(column) && typeof value === 'string' && value.length >= 8 && text.includes(value)) {
          problems.push(`${table.table}.${column}: Geheimnis im Export`);
        }
      }
    }
  }
  return problems;
}

/** Tables the platform had when the test was written: the catalogue scan must find at least these. */
const KNOWN_PATIENT_TABLES = [
  'benutzer',
  'profil',
  'dokumentation',
  'einmal_code',
  'mail_ausgang',
  'feedback',
  'warenkorb',
  'termin_teilnahme',
  'sitzung_ereignis',
  'guthaben_buchung',
  'guthaben_schuld',
  'guthaben_bestellung',
  'abo',
  'abo_periode',
  'abo_zahlung',
  'abo_hinweis',
  'zahlung',
  'zahlung_event',
  'loeschauftrag',
  'rezept',
  'rezept_datei',
];

describe('self-service export covers every table about the patient', () => {
  let patientId = 0;
  let tables: PatientTable[] = [];

  it('exports at least one of the patient’s rows from each such table, and no secret', async () => {
    const ids = await patientWithRecords();
    patientId = ids.patientId;
    const catalog = await readCatalog(t.db);
    const unfillable = await fillTheRest(catalog, patientTablesByKeys(catalog, ids.patientId), ids);
    expect(unfillable).toEqual([]);
    // after the fill: the address-linked tables are found by their values
    const byKeys = patientTablesByKeys(catalog, ids.patientId);
    const byEmail = await patientTablesByEmail(t.db, catalog, EMAIL);
    tables = [...byKeys, ...byEmail.filter((e) => !byKeys.some((k) => k.table === e.table))];
    expect(tables.map((table) => table.table)).toEqual(expect.arrayContaining(KNOWN_PATIENT_TABLES));

    // set after the login (which would ask for the code), so that a secret is in the account row the export reads
    await t.db
      .update(users)
      .set({ secondFactorSecret: 'JBSWY3DPEHPK3PXPGEHEIMNITGEHEIMNIS' })
      .where(eq(users.id, ids.patientId));
    const response = await injectEndpoint(t.app, auskunftEndpoints.herunterladen, {
      authorization: ids.authorization,
    });
    // a 500 here: a module's export could not read its generic test row; give it a real one in patientWithRecords
    expect(response.statusCode, response.body).toBe(200);
    const text = response.body;
    expect(await coverageProblems(tables, text)).toEqual([]);

    // the photo as a file; a mail's one-time code never
    const file = JSON.parse(text) as Record<string, Record<string, Record<string, unknown>[]>>;
    expect(file.profil!.profil![0]!.profilbild).toEqual({
      name: 'profilbild.png',
      type: 'image/png',
      base64: PHOTO.toString('base64'),
    });
    expect(text).not.toContain(RESET_CODE);
    expect(text).toContain('passwortreset/[entfernt]');
  });

  it('names a table about the patient that no module exports', async () => {
    expect(tables.length).toBeGreaterThan(0);
    const withoutVideo = MODULES.filter((module) => module.name !== 'video');
    const text = JSON.stringify(
      await collectDatenauskunft({ db: t.db, ...t.services, modules: withoutVideo }, patientId, new Date()),
    );
    expect(await coverageProblems(tables, text)).toEqual([
      'sitzung_ereignis (user_id nennt den Patienten): kein Modul exportiert diese Tabelle',
    ]);
  });
});
