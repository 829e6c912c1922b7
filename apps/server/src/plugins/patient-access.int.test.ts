import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { aboEndpoints } from '@dihs/contract/abo';
import { CART_MESSAGES, cartEndpoints } from '@dihs/contract/cart';
import { endpoint, roles, type PatientRecordRule } from '@dihs/contract/common/endpoint';
import { MESSAGES } from '@dihs/contract/common/messages';
import { privilegeCode, type Privilege } from '@dihs/contract/common/roles';
import { FRAGEBOGEN_TEXTS, fragebogenEndpoints } from '@dihs/contract/fragebogen';
import { guthabenEndpoints } from '@dihs/contract/guthaben';
import { profilEndpoints } from '@dihs/contract/profil';
import { REZEPT_TEXTS, rezeptEndpoints } from '@dihs/contract/rezept';
import { terminEndpoints } from '@dihs/contract/termin';
import { TRAINING_TEXTS, trainingEndpoints } from '@dihs/contract/training';
import { MODULES } from '../modules/index.ts';
import type { ModuleDescriptor } from '../modules/module-descriptor.ts';
import { zugriffsprotokoll } from '../modules/protokoll/protokoll.table.ts';
import { terminTeilnahmen } from '../modules/termin/termin.table.ts';
import { planEintraege, planSets } from '../modules/training/training.table.ts';
import { users } from '../modules/users/users.table.ts';
import { injectEndpoint } from '../test/inject-endpoint.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { route } from './endpoint-route.ts';

/** A declaration whose handler should name its patient but forgets: the check must not let it answer 200. */
const forgetful = endpoint({
  method: 'GET',
  path: '/test/vergesslich',
  summary: 'Test: nennt keinen Patienten',
  tag: 'Test',
  access: roles(['PATIENT']),
  patientRecord: { kind: 'PROFIL', action: 'LESEN', handlerAdmits: 'Test' } satisfies PatientRecordRule,
});
const forgetfulModule: ModuleDescriptor = {
  name: 'test-vergesslich',
  routes: async (app) => route(app, forgetful, () => ({ geheim: true })),
};

let t: TestApp;
const ids: Record<string, number> = {};
const bearers: Record<string, string> = {};
const id = (email: string) => ids[email]!;

/** An operator with exactly the given privileges (the demo password). */
async function operatorWith(email: string, privileges: Privilege[]) {
  const [demo] = await t.db.select().from(users).where(eq(users.email, 'betreiber@demo.de'));
  const [row] = await t.db
    .insert(users)
    .values({
      email,
      passwordHash: demo!.passwordHash,
      role: 'BETREIBER',
      emailConfirmed: true,
      privileges: privileges.map(privilegeCode),
    })
    .returning();
  ids[email] = row!.id;
}

const as = async (email: string) => (bearers[email] ??= await t.bearer(email));

/** The entries about a patient, newest first, once the expected number was written (they follow the answer). */
async function entriesOf(patientUserId: number, atLeast: number) {
  return vi.waitFor(
    async () => {
      const rows = await t.db
        .select()
        .from(zugriffsprotokoll)
        .where(eq(zugriffsprotokoll.patientUserId, patientUserId))
        .orderBy(desc(zugriffsprotokoll.id));
      if (rows.length < atLeast) throw new Error(`${rows.length} Einträge`);
      return rows;
    },
    { timeout: 2000, interval: 20 },
  );
}

beforeAll(async () => {
  t = await createTestApp(
    { LOGIN_RATE_LIMIT_IP: '1000', LOGIN_RATE_LIMIT_ACCOUNT: '1000' },
    { modules: [...MODULES, forgetfulModule] },
  );
  for (const row of await t.db.select({ id: users.id, email: users.email }).from(users)) ids[row.email] = row.id;
  await operatorWith('ohne@demo.de', []);
  await operatorWith('guthaben@demo.de', ['GUTHABEN_AENDERN']);
  await operatorWith('verwaltung@demo.de', ['BENUTZER_VERWALTEN']);
});
afterAll(() => t.close());

describe('need-to-know access to patient records', () => {
  it('lets a patient reach only their own records', async () => {
    const own = await injectEndpoint(t.app, profilEndpoints.nameOnlyPatient, {
      params: { patientId: id('patient@demo.de') },
      authorization: await as('patient@demo.de'),
    });
    expect(own.statusCode).toBe(200);
    const other = await injectEndpoint(t.app, profilEndpoints.patientNachUserId, {
      params: { id: id('patient2@demo.de') },
      authorization: await as('patient@demo.de'),
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: MESSAGES.keinPatientenzugriff, code: 'FORBIDDEN' });
  });

  it('lets a therapist reach a patient only with a booked appointment between them', async () => {
    const inCare = await injectEndpoint(t.app, profilEndpoints.dokumentation, {
      params: { patientId: id('patient@demo.de') },
      authorization: await as('therapeut@demo.de'),
    });
    expect(inCare.statusCode).toBe(200);
    for (const [therapist, patient] of [
      ['therapeut@demo.de', 'patient2@demo.de'],
      ['therapeut2@demo.de', 'patient2@demo.de'],
    ] as const) {
      const response = await injectEndpoint(t.app, profilEndpoints.patientView, {
        params: { userId: id(patient) },
        authorization: await as(therapist),
      });
      expect(response.statusCode, `${therapist} → ${patient}`).toBe(403);
      expect(response.json().message).toBe(MESSAGES.keinPatientenzugriff);
    }
    const pdf = await injectEndpoint(t.app, profilEndpoints.dokumentationPdf, {
      params: { patientId: id('patient2@demo.de') },
      authorization: await as('therapeut@demo.de'),
    });
    expect(pdf.statusCode).toBe(403);
  });

  it('counts a past booking, and a cancelled one not', async () => {
    const patient = id('patient2@demo.de');
    const [seat] = await t.db
      .select()
      .from(terminTeilnahmen)
      .where(and(eq(terminTeilnahmen.patientUserId, id('patient@demo.de')), eq(terminTeilnahmen.status, 'GEBUCHT')))
      .limit(1);
    const [copy] = await t.db
      .insert(terminTeilnahmen)
      .values({ terminId: seat!.terminId, patientUserId: patient, status: 'STORNIERT', zahlungsart: 'GUTHABEN' })
      .returning();
    const read = () =>
      injectEndpoint(t.app, profilEndpoints.nameOnlyPatient, {
        params: { patientId: patient },
        authorization: bearers['therapeut@demo.de'],
      });
    expect((await read()).statusCode).toBe(403);
    await t.db.update(terminTeilnahmen).set({ status: 'GEBUCHT' }).where(eq(terminTeilnahmen.id, copy!.id));
    expect((await read()).statusCode).toBe(200);
    await t.db.update(terminTeilnahmen).set({ status: 'STORNIERT' }).where(eq(terminTeilnahmen.id, copy!.id));
  });

  it('lets an operator reach a patient only with a privilege of the task', async () => {
    const patient = id('patient@demo.de');
    const cases = [
      ['ohne@demo.de', profilEndpoints.betreiberView, { userId: patient }, 403],
      ['ohne@demo.de', guthabenEndpoints.verlaufVonPatient, { patientId: patient }, 403],
      ['ohne@demo.de', aboEndpoints.aboVonPatient, { patientId: patient }, 403],
      ['ohne@demo.de', terminEndpoints.planVonPatient, { patientId: patient }, 403],
      ['guthaben@demo.de', guthabenEndpoints.vonPatient, { patientId: patient }, 200],
      ['guthaben@demo.de', guthabenEndpoints.verlaufVonPatient, { patientId: patient }, 200],
      ['guthaben@demo.de', profilEndpoints.betreiberView, { userId: patient }, 200],
      ['guthaben@demo.de', profilEndpoints.dokumentationBetreiber, { patientId: patient }, 403],
      ['verwaltung@demo.de', profilEndpoints.dokumentationBetreiber, { patientId: patient }, 200],
      ['verwaltung@demo.de', profilEndpoints.patientNachPatientId, { id: patient }, 200],
      // not a patient: the operator's profile view of a therapist needs no patient privilege
      ['ohne@demo.de', profilEndpoints.betreiberView, { userId: id('therapeut@demo.de') }, 200],
    ] as const;
    for (const [email, declaration, params, status] of cases) {
      const response = await injectEndpoint(t.app, declaration, { params, authorization: await as(email) });
      expect(response.statusCode, `${email} ${declaration.path}`).toBe(status);
    }
    const remark = await injectEndpoint(t.app, profilEndpoints.bemerkung, {
      params: { patientId: patient },
      authorization: await as('ohne@demo.de'),
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      payload: 'Ruft lieber an.',
    });
    expect(remark.statusCode).toBe(403);
  });

  it("answers an unknown record addressed by its own id with its module's 404, before the handler", async () => {
    const operator = await as('betreiber@demo.de');
    const therapist = await as('therapeut@demo.de');
    const cases = [
      [cartEndpoints.betreiberEiner, { params: { cartId: 999_999 } }, operator, CART_MESSAGES.unbekannt],
      [rezeptEndpoints.bearbeitung, { params: { id: 999_999 } }, operator, REZEPT_TEXTS.nichtGefunden],
      [
        fragebogenEndpoints.pdf,
        { params: { id: 999_999 } },
        therapist,
        FRAGEBOGEN_TEXTS.patientFragebogenNichtGefunden,
      ],
      [trainingEndpoints.planSet, { params: { setId: 999_999 } }, therapist, TRAINING_TEXTS.setNichtGefunden],
      [trainingEndpoints.eintragEntfernen, { params: { id: 999_999 } }, therapist, TRAINING_TEXTS.eintragNichtGefunden],
    ] as const;
    for (const [declaration, input, authorization, message] of cases) {
      const response = await injectEndpoint(t.app, declaration, { ...input, authorization });
      expect(response.statusCode, declaration.path).toBe(404);
      expect(response.json(), declaration.path).toEqual({ message, code: 'NOT_FOUND' });
    }
  });

  it('refuses a record addressed by its own id before the handler: nothing is written', async () => {
    const [set] = await t.db
      .select()
      .from(planSets)
      .where(eq(planSets.patientUserId, id('patient@demo.de')));
    const entries = async () =>
      (await t.db.select().from(planEintraege).where(eq(planEintraege.setId, set!.id))).map((row) => row.id);
    const before = await entries();
    const outsider = await as('therapeut2@demo.de');
    const moved = await injectEndpoint(t.app, trainingEndpoints.planSetDatum, {
      body: { setId: set!.id, validFrom: '2030-01-01T00:00:00.000Z' },
      authorization: outsider,
    });
    expect(moved.statusCode).toBe(403);
    const added = await injectEndpoint(t.app, trainingEndpoints.eintragSpeichern, {
      body: { id: 0, setId: set!.id, uebungId: 1, dauer: 30, anzahl: 10, pause: 30, wiederholungen: 3 },
      authorization: outsider,
    });
    expect(added.statusCode).toBe(403);
    const removed = await injectEndpoint(t.app, trainingEndpoints.eintragEntfernen, {
      params: { id: before[0]! },
      authorization: outsider,
    });
    expect(removed.statusCode).toBe(403);
    const [after] = await t.db.select().from(planSets).where(eq(planSets.id, set!.id));
    expect(after!.validFrom).toEqual(set!.validFrom);
    expect(await entries()).toEqual(before);
  });

  it('answers 500 outside production when a handler never names its patient', async () => {
    const response = await injectEndpoint(t.app, forgetful, { authorization: await as('patient@demo.de') });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('geheim');
  });
});

describe('audit entries', () => {
  it('records who, whose, what, from where and the outcome, never the content', async () => {
    const patient = id('patient2@demo.de');
    const before = (await t.db.select().from(zugriffsprotokoll).where(eq(zugriffsprotokoll.patientUserId, patient)))
      .length;
    const refused = await injectEndpoint(t.app, profilEndpoints.dokumentation, {
      params: { patientId: patient },
      authorization: await as('therapeut2@demo.de'),
    });
    expect(refused.statusCode).toBe(403);
    const written = await injectEndpoint(t.app, profilEndpoints.dokumentationBetreiberAnlegen, {
      params: { patientId: patient },
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      payload: 'Vertraulicher Befundtext',
      authorization: await as('verwaltung@demo.de'),
    });
    expect(written.statusCode).toBe(200);
    // admitted, then the service refuses: no subscription to end
    const failed = await injectEndpoint(t.app, aboEndpoints.bezahlaboBeenden, {
      body: { sofort: true, patientId: patient },
      authorization: await as('betreiber@demo.de'),
    });
    expect(failed.statusCode).toBeGreaterThanOrEqual(400);

    const rows = await entriesOf(patient, before + 3);
    const [abo, doku, verweigert] = rows;
    expect(verweigert).toMatchObject({
      akteurUserId: id('therapeut2@demo.de'),
      akteurRolle: 'THERAPEUT',
      art: 'DOKUMENTATION',
      aktion: 'LESEN',
      endpunkt: 'GET /api/dokumentation/:patientId',
      ergebnis: 'VERWEIGERT',
      status: 403,
    });
    expect(verweigert!.adresse).toBeTruthy();
    expect(doku).toMatchObject({
      akteurUserId: id('verwaltung@demo.de'),
      akteurRolle: 'BETREIBER',
      art: 'DOKUMENTATION',
      aktion: 'SCHREIBEN',
      ergebnis: 'ERLAUBT',
      status: 200,
    });
    expect(abo).toMatchObject({
      art: 'ABO',
      aktion: 'SCHREIBEN',
      ergebnis: 'FEHLGESCHLAGEN',
      status: failed.statusCode,
    });
    expect(JSON.stringify(rows)).not.toContain('Vertraulicher');
  });

  it('names the record when it is addressed by its own id', async () => {
    const patient = id('patient@demo.de');
    const [seat] = await t.db
      .select()
      .from(terminTeilnahmen)
      .where(and(eq(terminTeilnahmen.patientUserId, patient), eq(terminTeilnahmen.status, 'GEBUCHT')))
      .limit(1);
    const response = await injectEndpoint(t.app, terminEndpoints.teilgenommen, {
      params: { terminId: seat!.terminId },
      body: { patientId: patient, teilgenommen: true },
      authorization: await as('betreiber@demo.de'),
    });
    expect(response.statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        const [row] = await t.db
          .select()
          .from(zugriffsprotokoll)
          .where(and(eq(zugriffsprotokoll.patientUserId, patient), eq(zugriffsprotokoll.datensatzId, seat!.terminId)));
        expect(row).toMatchObject({ art: 'TERMINE', aktion: 'SCHREIBEN', ergebnis: 'ERLAUBT' });
      },
      { timeout: 2000, interval: 20 },
    );
  });

  it("names a plan addressed by its own id, and a plan entry's plan", async () => {
    const patient = id('patient@demo.de');
    const [set] = await t.db.select().from(planSets).where(eq(planSets.patientUserId, patient));
    const [entry] = await t.db.select().from(planEintraege).where(eq(planEintraege.setId, set!.id));
    const therapist = await as('therapeut@demo.de');
    const read = await injectEndpoint(t.app, trainingEndpoints.planSet, {
      params: { setId: set!.id },
      authorization: therapist,
    });
    expect(read.statusCode).toBe(200);
    const moved = await injectEndpoint(t.app, trainingEndpoints.eintragVerschieben, {
      params: { a: entry!.id, b: entry!.position },
      authorization: therapist,
    });
    expect(moved.statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        const rows = await t.db
          .select()
          .from(zugriffsprotokoll)
          .where(
            and(
              eq(zugriffsprotokoll.patientUserId, patient),
              eq(zugriffsprotokoll.akteurUserId, id('therapeut@demo.de')),
              eq(zugriffsprotokoll.datensatzId, set!.id),
            ),
          );
        expect(rows.map((row) => [row.endpunkt, row.aktion, row.ergebnis]).sort()).toEqual([
          ['GET /api/trainingsplan/therapeut/set/:setId', 'LESEN', 'ERLAUBT'],
          ['POST /api/trainingsplan/therapeut/position/:a/:b', 'SCHREIBEN', 'ERLAUBT'],
        ]);
      },
      { timeout: 2000, interval: 20 },
    );
  });

  it('writes nothing for an operator on a user who is no patient', async () => {
    await injectEndpoint(t.app, profilEndpoints.betreiberView, {
      params: { userId: id('therapeut2@demo.de') },
      authorization: await as('betreiber@demo.de'),
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const rows = await t.db
      .select()
      .from(zugriffsprotokoll)
      .where(eq(zugriffsprotokoll.patientUserId, id('therapeut2@demo.de')));
    expect(rows).toEqual([]);
  });
});

describe('the audit log is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, and admits them only behind the maintenance flag', async () => {
    await entriesOf(id('patient@demo.de'), 1);
    const refused = async (statement: ReturnType<typeof sql>) => {
      const error = await t.db.execute(statement).then(
        () => null,
        (e: unknown) => e as { cause?: { code?: string }; code?: string },
      );
      expect(error?.cause?.code ?? error?.code).toBe('42501');
    };
    await refused(sql`update zugriffsprotokoll set status = 200`);
    await refused(sql`delete from zugriffsprotokoll`);
    await refused(sql`truncate zugriffsprotokoll`);
    const changed = await t.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('dihs.protokoll_pflege', 'an', true)`);
      return tx.execute(sql`update zugriffsprotokoll set status = status where false`);
    });
    expect(changed).toBeDefined();
    // the flag ended with its transaction
    await refused(sql`delete from zugriffsprotokoll`);
  });
});
