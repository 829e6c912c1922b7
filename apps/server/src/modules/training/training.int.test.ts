import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { privilegeCode, type Privilege, type Role } from '@dihs/contract/common/roles';
import { addDays, berlinDay } from '@dihs/contract/common/time';
import {
  TRAINING_TEXTS,
  trainingEndpoints as api,
  type MeinPlan,
  type PlanEintrag,
  type PlanSet,
  type PlanSetList,
  type PlanSetSummary,
  type Uebung,
  type UebungList,
  type Vorlage,
  type VorlageUebung,
} from '@dihs/contract/training';
import { hashPassword } from '../../lib/password.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { injectEndpoint, type InjectInput } from '../../test/inject-endpoint.ts';
import { apiUrl, type EndpointDeclaration } from '@dihs/contract/common/endpoint';
import { MODULES } from '../index.ts';
import type { ModuleDescriptor } from '../module-descriptor.ts';
import { DEMO_PASSWORD } from '../users/index.ts';
import { users } from '../users/users.table.ts';
import { trainingModule } from './training.module.ts';
import { planEintraege, planErledigt, planSets } from './training.table.ts';

// A 1×1 PNG: what the oEmbed stub hands out as the thumbnail.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let stub: Server;
let stubUrl: string;
const oembedCalls: string[] = [];
let t: TestApp;
let demoHash: string;
/** Therapist–patient pairs in care through another module (the appointments of the termin module). */
const inCare = new Set<string>();
/** The server's clock: real time, moved forward by a test that needs a later instant. */
let clockOffsetMs = 0;
const serverNow = () => new Date(Date.now() + clockOffsetMs);
const careModule: ModuleDescriptor = {
  name: 'test-care',
  careRelation: (_db, therapist, patient) => Promise.resolve(inCare.has(`${therapist}:${patient}`)),
};

beforeAll(async () => {
  // a local oEmbed endpoint speaking the hosts' format (no request leaves the machine)
  stub = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stub');
    if (url.pathname === '/oembed') {
      oembedCalls.push(url.searchParams.get('url') ?? '');
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ type: 'video', title: 'Stub', thumbnail_url: `${stubUrl}/thumb.png` }));
    } else if (url.pathname === '/thumb.png') {
      response.setHeader('content-type', 'image/png');
      response.end(PNG);
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  t = await createTestApp(
    { OEMBED_URL: `${stubUrl}/oembed`, LOGIN_RATE_LIMIT_IP: '10000', LOGIN_RATE_LIMIT_ACCOUNT: '10000' },
    { modules: [...MODULES, careModule], now: serverNow },
  );
  demoHash = await hashPassword(DEMO_PASSWORD);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => stub.close(resolve));
});

let counter = 0;
async function account(role: Role, privileges: Privilege[] = []) {
  const email = `training-${counter++}@test.de`;
  const [row] = await t.db
    .insert(users)
    .values({ email, role, passwordHash: demoHash, privileges: privileges.map(privilegeCode), emailConfirmed: true })
    .returning({ id: users.id });
  return { id: row!.id, bearer: await t.bearer(email) };
}

const call = <E extends EndpointDeclaration>(declaration: E, authorization: string, input: InjectInput<E> = {}) =>
  injectEndpoint(t.app, declaration, { ...input, authorization });

async function ok<T>(
  declaration: EndpointDeclaration,
  authorization: string,
  input: InjectInput<EndpointDeclaration> = {},
) {
  const response = await call(declaration, authorization, input);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const zahlen = { dauer: 30, anzahl: 10, pause: 15, wiederholungen: 3, information: 'Langsam.' };
const vimeo = (n: number) => `https://vimeo.com/${1000 + n}`;

async function neueUebung(bearer: string, titel = `Übung ${counter++}`) {
  return ok<Uebung>(api.uebungSpeichern, bearer, {
    body: { id: 0, titel, beschreibung: 'Beschreibung', videoUrl: vimeo(counter++) },
  });
}

describe('exercises', () => {
  it('creates an exercise with a thumbnail copied from the oEmbed stub, lists and filters it', async () => {
    const therapist = await account('THERAPEUT', ['UEBUNGEN_VERWALTEN_THERAPEUT']);
    const created = await neueUebung(therapist.bearer, 'Zehenstand am Treppenabsatz');
    expect(oembedCalls).toContain(created.videoUrl);
    expect(created.videoVorschauBildUrl).toBe(apiUrl(api.uebungVorschau, { params: { id: created.id } }));
    const image = await injectEndpoint(t.app, api.uebungVorschau, { params: { id: created.id } });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const list = await ok<UebungList>(api.uebungen, therapist.bearer, { query: { titel: 'zehenstand' } });
    expect(list.uebungen.map((u) => u.id)).toEqual([created.id]);
    expect(list.gesamt).toBe(1);
    const all = await ok<UebungList>(api.uebungen, therapist.bearer, { query: { seite: 0 } });
    expect(all.uebungen.length).toBeLessThanOrEqual(50);
  });

  it('lists the library by title and answers exercises by a comma list of ids, in its order', async () => {
    const therapist = await account('THERAPEUT', ['UEBUNGEN_VERWALTEN_THERAPEUT']);
    const b = await neueUebung(therapist.bearer, 'bbb Sortierprobe');
    const a = await neueUebung(therapist.bearer, 'AAA Sortierprobe');
    const sortiert = await ok<Uebung[]>(api.uebungenSortiert, therapist.bearer);
    const titel = sortiert.map((u) => u.titel.toLowerCase());
    expect(titel).toEqual([...titel].sort((x, y) => x.localeCompare(y, 'en')));
    expect(sortiert.findIndex((u) => u.id === a.id)).toBeLessThan(sortiert.findIndex((u) => u.id === b.id));

    const nachIds = await ok<Uebung[]>(api.uebungenNachIds, therapist.bearer, {
      params: { ids: `${b.id},999999,${a.id},${b.id}` },
    });
    expect(nachIds.map((u) => u.id)).toEqual([b.id, a.id]);
    for (const ids of ['', '1,,2', '0', '-1', 'a,b', '1;2', Array.from({ length: 101 }, (_, i) => i + 1).join(',')]) {
      const response = await call(api.uebungenNachIds, therapist.bearer, { params: { ids } });
      expect(response.statusCode, ids).toBe(400);
      // a list of 101 ids is longer than a path parameter may be (100 characters): the router answers that itself
      if (ids !== '')
        expect(response.body).toMatch(/Bitte Übungs-IDs durch Kommas getrennt angeben|Die Adresse ist zu lang/);
    }
    const patient = await account('PATIENT');
    expect((await call(api.uebungenSortiert, patient.bearer)).statusCode).toBe(403);
  });

  it('refuses bad input with German messages and saves nothing', async () => {
    const therapist = await account('THERAPEUT', ['UEBUNGEN_VERWALTEN_THERAPEUT']);
    const valid = { id: 0, titel: 'Gültig', beschreibung: 'B', videoUrl: vimeo(1) };
    for (const [body, message] of [
      [{ ...valid, titel: 'x'.repeat(51) }, 'Maximale Länge beachten'],
      [{ ...valid, titel: ' ' }, 'Der Titel darf nicht leer sein.'],
      [{ ...valid, beschreibung: '' }, 'Die Beschreibung darf nicht leer sein.'],
      [{ ...valid, videoUrl: '' }, 'Die Video-Url darf nicht leer sein.'],
      [{ ...valid, videoUrl: 'https://example.com/video/123' }, 'Gültige Url eingeben'],
      [{ ...valid, videoUrl: 'javascript:alert(1)//vimeo.com/1' }, 'Gültige Url eingeben'],
      [{ ...valid, videoUrl: 'http://vimeo.com/123' }, 'Gültige Url eingeben'],
    ] as const) {
      const response = await call(api.uebungSpeichern, therapist.bearer, { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body).toContain(message);
    }
  });

  it('lets only holders of an exercise privilege save or delete', async () => {
    const patient = await account('PATIENT');
    const plain = await account('THERAPEUT');
    const operator = await account('BETREIBER', ['UEBUNGEN_VERWALTEN']);
    const body = { id: 0, titel: 'Recht', beschreibung: 'B', videoUrl: vimeo(2) };
    expect((await call(api.uebungSpeichern, patient.bearer, { body })).statusCode).toBe(403);
    expect((await call(api.uebungSpeichern, plain.bearer, { body })).statusCode).toBe(403);
    expect((await call(api.uebungen, patient.bearer)).statusCode).toBe(403);
    const created = await ok<Uebung>(api.uebungSpeichern, operator.bearer, { body });
    expect((await call(api.uebungLoeschen, plain.bearer, { params: { id: created.id } })).statusCode).toBe(403);
    await ok(api.uebungLoeschen, operator.bearer, { params: { id: created.id } });
    expect((await call(api.uebung, operator.bearer, { params: { id: created.id } })).statusCode).toBe(404);
  });

  it('refuses deleting an exercise a template or plan uses, with the server message', async () => {
    const therapist = await account('THERAPEUT', ['UEBUNGEN_VERWALTEN_THERAPEUT', 'TRAININGSPLAN_VORLAGEN_VERWALTEN']);
    const uebung = await neueUebung(therapist.bearer);
    const vorlage = await ok<Vorlage>(api.vorlageNeu, therapist.bearer);
    await ok(api.vorlageUebungHinzufuegen, therapist.bearer, {
      body: { vorlageId: vorlage.id, uebungId: uebung.id, ...zahlen },
    });
    const refused = await call(api.uebungLoeschen, therapist.bearer, { params: { id: uebung.id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      'Die Übung wird noch in 0 Trainingsplan-Einträgen und 1 Vorlagen verwendet.',
    );
    await ok(api.vorlageLoeschen, therapist.bearer, { body: { id: vorlage.id } });
    await ok(api.uebungLoeschen, therapist.bearer, { params: { id: uebung.id } });
  });
});

describe('templates', () => {
  it('creates, renames and fills a template; removing renumbers; other therapists are refused', async () => {
    const owner = await account('THERAPEUT', ['UEBUNGEN_VERWALTEN_THERAPEUT', 'TRAININGSPLAN_VORLAGEN_VERWALTEN']);
    const other = await account('THERAPEUT', ['TRAININGSPLAN_VORLAGEN_VERWALTEN']);
    const vorlage = await ok<Vorlage>(api.vorlageNeu, owner.bearer);
    expect(vorlage.befund).toBe('Neue Vorlage');
    expect(
      await ok<Vorlage>(api.vorlageUmbenennen, owner.bearer, { params: { id: vorlage.id }, body: { befund: 'Knie' } }),
    ).toEqual({ id: vorlage.id, befund: 'Knie' });
    const [a, b, c] = [await neueUebung(owner.bearer), await neueUebung(owner.bearer), await neueUebung(owner.bearer)];
    const added: VorlageUebung[] = [];
    for (const uebung of [a, b, c]) {
      added.push(
        await ok<VorlageUebung>(api.vorlageUebungHinzufuegen, owner.bearer, {
          body: { vorlageId: vorlage.id, uebungId: uebung.id, ...zahlen },
        }),
      );
    }
    expect(added.map((x) => x.position)).toEqual([1, 2, 3]);
    await ok(api.vorlageUebungAendern, owner.bearer, { body: { id: added[2]!.id, ...zahlen, dauer: 99 } });
    await ok(api.vorlageUebungEntfernen, owner.bearer, { body: { id: added[0]!.id } });
    const rest = await ok<VorlageUebung[]>(api.vorlageUebungen, owner.bearer, { params: { vorlageId: vorlage.id } });
    expect(rest.map((x) => [x.uebungId, x.position, x.dauer])).toEqual([
      [b.id, 1, 30],
      [c.id, 2, 99],
    ]);
    expect(await ok<Vorlage[]>(api.vorlagen, other.bearer)).toEqual([]);

    for (const [declaration, input] of [
      [api.vorlageUebungen, { params: { vorlageId: vorlage.id } }],
      [api.vorlageUmbenennen, { params: { id: vorlage.id }, body: { befund: 'Fremd' } }],
      [api.vorlageLoeschen, { body: { id: vorlage.id } }],
      [api.vorlageUebungHinzufuegen, { body: { vorlageId: vorlage.id, uebungId: a.id, ...zahlen } }],
      [api.vorlageUebungAendern, { body: { id: rest[0]!.id, ...zahlen } }],
      [api.vorlageUebungEntfernen, { body: { id: rest[0]!.id } }],
    ] as const) {
      const response = await call(declaration, other.bearer, input as InjectInput<EndpointDeclaration>);
      expect(response.statusCode, declaration.path).toBe(403);
    }
    expect((await call(api.vorlagen, (await account('THERAPEUT')).bearer)).statusCode).toBe(403);
    expect(
      (await ok<VorlageUebung[]>(api.vorlageUebungen, owner.bearer, { params: { vorlageId: vorlage.id } })).length,
    ).toBe(2);
  });
});

describe('plans', () => {
  async function setup() {
    const therapist = await account('THERAPEUT', ['UEBUNGEN_VERWALTEN_THERAPEUT', 'TRAININGSPLAN_VORLAGEN_VERWALTEN']);
    const patient = await account('PATIENT');
    inCare.add(`${therapist.id}:${patient.id}`);
    const uebungen = [
      await neueUebung(therapist.bearer),
      await neueUebung(therapist.bearer),
      await neueUebung(therapist.bearer),
    ];
    const vorlage = await ok<Vorlage>(api.vorlageNeu, therapist.bearer);
    for (const uebung of uebungen) {
      await ok(api.vorlageUebungHinzufuegen, therapist.bearer, {
        body: { vorlageId: vorlage.id, uebungId: uebung.id, ...zahlen },
      });
    }
    const set = await ok<PlanSetSummary>(api.planSetAusVorlage, therapist.bearer, {
      params: { id: vorlage.id },
      body: { patientId: patient.id },
    });
    return { therapist, patient, uebungen, vorlage, set };
  }
  const entries = async (bearer: string, setId: number) =>
    (await ok<PlanSet>(api.planSet, bearer, { params: { setId } })).planListe;

  it('creates a set from a template; additions go last; moves keep positions 1..n', async () => {
    const { therapist, uebungen, set } = await setup();
    let liste = await entries(therapist.bearer, set.id);
    expect(liste.map((e) => [e.uebungId, e.position])).toEqual(uebungen.map((u, i) => [u.id, i + 1]));

    const added = await ok<PlanEintrag>(api.eintragSpeichern, therapist.bearer, {
      body: { setId: set.id, uebungId: uebungen[0]!.id, ...zahlen },
    });
    expect(added.position).toBe(4);

    const moved = await ok<PlanEintrag[]>(api.eintragVerschieben, therapist.bearer, { params: { a: added.id, b: 1 } });
    expect(moved.map((e) => e.position)).toEqual([1, 2, 3, 4]);
    expect(moved[0]!.id).toBe(added.id);
    expect(moved.slice(1).map((e) => e.id)).toEqual(liste.map((e) => e.id));

    for (const b of [0, 5, 10_000]) {
      const response = await call(api.eintragVerschieben, therapist.bearer, { params: { a: added.id, b } });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/Die Position muss zwischen 1 und \d+ liegen\./);
    }

    await ok(api.eintragEntfernen, therapist.bearer, { params: { id: liste[0]!.id } });
    liste = await entries(therapist.bearer, set.id);
    expect(liste.map((e) => e.position)).toEqual([1, 2, 3]);
  });

  it('keeps positions distinct and contiguous when two editors add and move at once', async () => {
    const { therapist, uebungen, set } = await setup();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(api.eintragSpeichern, therapist.bearer, {
          body: { setId: set.id, uebungId: uebungen[i % 3]!.id, ...zahlen },
        }),
      ),
    );
    for (const response of results) expect(response.statusCode).toBe(200);
    const liste = await entries(therapist.bearer, set.id);
    await Promise.all(
      liste
        .slice(0, 4)
        .map((e, i) => call(api.eintragVerschieben, therapist.bearer, { params: { a: e.id, b: 9 - i } })),
    );
    const after = await entries(therapist.bearer, set.id);
    expect(after.map((e) => e.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('refuses bad numbers and another patient’s entries', async () => {
    const first = await setup();
    const second = await setup();
    const own = (await entries(first.therapist.bearer, first.set.id))[0]!;
    const foreign = (await entries(second.therapist.bearer, second.set.id))[0]!;
    for (const [field, value] of [
      ['dauer', -1],
      ['anzahl', 'abc'],
      ['pause', 1.5],
      ['wiederholungen', -3],
      ['dauer', 100_000],
    ] as const) {
      const response = await call(api.eintragSpeichern, first.therapist.bearer, {
        body: { id: own.id, setId: first.set.id, uebungId: own.uebungId, ...zahlen, [field]: value },
      });
      expect(response.statusCode, `${field}=${value}`).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/Dauer|Anzahl|Pause|Sätze/);
    }
    // an entry of the second patient's set, sent with the first set's id
    const response = await call(api.eintragSpeichern, first.therapist.bearer, {
      body: { id: foreign.id, setId: first.set.id, uebungId: own.uebungId, ...zahlen },
    });
    expect(response.statusCode).toBe(404);
    // the first therapist has no care relation to the second patient
    for (const [declaration, input] of [
      [api.planSet, { params: { setId: second.set.id } }],
      [api.planSets, { params: { patientId: second.patient.id } }],
      [api.eintragEntfernen, { params: { id: foreign.id } }],
      [api.eintragVerschieben, { params: { a: foreign.id, b: 1 } }],
      [api.planSetNeu, { params: { patientId: second.patient.id } }],
      [api.planSetDatum, { body: { setId: second.set.id, validFrom: '2030-01-01T10:00:00.000Z' } }],
      [api.eintragSpeichern, { body: { setId: second.set.id, uebungId: own.uebungId, ...zahlen } }],
    ] as const) {
      const refused = await call(declaration, first.therapist.bearer, input as InjectInput<EndpointDeclaration>);
      expect(refused.statusCode, declaration.path).toBe(403);
    }
    expect((await entries(second.therapist.bearer, second.set.id)).length).toBe(3);
  });

  it('shows the patient the newest set whose valid-from has passed, and only with a subscription', async () => {
    const { therapist, patient, set } = await setup();
    expect(await ok<MeinPlan>(api.meinPlan, patient.bearer)).toMatchObject({ hatAbo: false, set: null });
    await t.db
      .update(users)
      .set({ privileges: [privilegeCode('HAT_ABO')] })
      .where(eq(users.id, patient.id));
    expect((await ok<MeinPlan>(api.meinPlan, patient.bearer)).set?.id).toBe(set.id);

    const future = await ok<PlanSetSummary>(api.planSetNeu, therapist.bearer, { params: { patientId: patient.id } });
    await ok(api.planSetDatum, therapist.bearer, { body: { setId: future.id, validFrom: '2099-01-01T08:30:00.000Z' } });
    expect((await ok<MeinPlan>(api.meinPlan, patient.bearer)).set?.id).toBe(set.id);
    const list = await ok<PlanSetList>(api.planSets, therapist.bearer, { params: { patientId: patient.id } });
    expect(list.sets.map((s) => s.id)).toEqual([future.id, set.id]);
    // the therapist's view of the plan in force: the same set the patient sees
    const inForce = await ok<PlanSet | null>(api.planAktuell, therapist.bearer, { params: { patientId: patient.id } });
    expect(inForce?.id).toBe(set.id);
    expect(inForce?.planListe.length).toBeGreaterThan(0);
    const stranger = await account('THERAPEUT');
    expect((await call(api.planAktuell, stranger.bearer, { params: { patientId: patient.id } })).statusCode).toBe(403);
    const planless = await account('PATIENT');
    inCare.add(`${therapist.id}:${planless.id}`);
    expect(await ok(api.planAktuell, therapist.bearer, { params: { patientId: planless.id } })).toBeNull();
    expect(list.aktuellesSetId).toBe(set.id);
    expect(list.sets[0]!.validFrom).toBe('2099-01-01T08:30:00.000Z');

    await ok(api.planSetDatum, therapist.bearer, { body: { setId: future.id, validFrom: '2020-01-01T08:30:00.000Z' } });
    expect((await ok<MeinPlan>(api.meinPlan, patient.bearer)).set?.id).toBe(set.id);
    const bad = await call(api.planSetDatum, therapist.bearer, { body: { setId: future.id, validFrom: 'morgen' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Bitte ein gültiges Datum mit Uhrzeit angeben.');
  });

  it('stores done marks with pain and summarizes them for the therapist', async () => {
    const { therapist, patient, set } = await setup();
    const other = await setup();
    await t.db
      .update(users)
      .set({ privileges: [privilegeCode('HAT_ABO')] })
      .where(eq(users.id, patient.id));
    const plan = await ok<MeinPlan>(api.meinPlan, patient.bearer);
    const [first, second] = plan.set!.planListe;
    const tooMuch = await call(api.erledigt, patient.bearer, {
      body: { eintragId: first!.id, erledigt: true, schmerz: 11 },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.body).toContain('Die Schmerzangabe muss zwischen 0 und 10 liegen.');
    const done = await ok<PlanEintrag>(api.erledigt, patient.bearer, {
      body: { eintragId: first!.id, erledigt: true, schmerz: 4 },
    });
    expect(done.heute).toEqual({ erledigt: true, schmerz: 4 });
    await ok(api.erledigt, patient.bearer, { body: { eintragId: first!.id, erledigt: true, schmerz: 3 } });
    await ok(api.erledigt, patient.bearer, { body: { eintragId: second!.id, erledigt: true } });
    await ok(api.erledigt, patient.bearer, { body: { eintragId: second!.id, erledigt: false } });

    // another patient's entry is answered like an unknown one and changes nothing
    const foreign = (await entries(other.therapist.bearer, other.set.id))[0]!;
    expect(
      (await call(api.erledigt, patient.bearer, { body: { eintragId: foreign.id, erledigt: true } })).statusCode,
    ).toBe(404);
    expect(await t.db.select().from(planErledigt).where(eq(planErledigt.eintragId, foreign.id))).toHaveLength(0);

    const mine = await ok<MeinPlan>(api.meinPlan, patient.bearer);
    expect(mine.set!.planListe.map((e) => e.heute)).toEqual([
      { erledigt: true, schmerz: 3 },
      { erledigt: false, schmerz: null },
      { erledigt: false, schmerz: null },
    ]);
    const seen = await ok<PlanSet>(api.planSet, therapist.bearer, { params: { setId: set.id } });
    expect(seen.planListe[0]!.adherenz).toMatchObject({ tageErledigt: 1, schmerz: [{ wert: 3 }] });
    expect(seen.planListe[1]!.adherenz?.tageErledigt).toBe(0);
    // one of three exercises done on the set's only due day
    expect(seen.adherenzProzent).toBe(33);
  });

  it("shows only today's marks, and a set without exercises as an empty plan", async () => {
    const { therapist, patient } = await setup();
    await t.db
      .update(users)
      .set({ privileges: [privilegeCode('HAT_ABO')] })
      .where(eq(users.id, patient.id));
    const [first] = (await ok<MeinPlan>(api.meinPlan, patient.bearer)).set!.planListe;
    // a mark of yesterday (as the page left it then) is not today's
    await t.db
      .insert(planErledigt)
      .values({ eintragId: first!.id, patientUserId: patient.id, tag: addDays(berlinDay(), -1), schmerz: 6 });
    const plan = await ok<MeinPlan>(api.meinPlan, patient.bearer);
    expect(plan.set!.planListe[0]!.heute).toEqual({ erledigt: false, schmerz: null });
    expect(plan.patientName).not.toBe('');

    const empty = await ok<PlanSetSummary>(api.planSetNeu, therapist.bearer, { params: { patientId: patient.id } });
    const now = await ok<MeinPlan>(api.meinPlan, patient.bearer);
    expect(now.set).toMatchObject({ id: empty.id, planListe: [] });
    // the earlier set is no longer in force: its exercises cannot be marked done
    const stale = await call(api.erledigt, patient.bearer, { body: { eintragId: first!.id, erledigt: true } });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain('Nur Übungen des aktuellen Trainingsplans können als erledigt markiert werden.');
  });

  it('admits operators only with UEBUNGEN_VERWALTEN, and never another patient', async () => {
    const { patient, set } = await setup();
    const without = await account('BETREIBER', ['BENUTZER_VERWALTEN']);
    const withPrivilege = await account('BETREIBER', ['UEBUNGEN_VERWALTEN']);
    const otherPatient = await account('PATIENT');
    expect((await call(api.planSet, without.bearer, { params: { setId: set.id } })).statusCode).toBe(403);
    expect((await call(api.planSets, withPrivilege.bearer, { params: { patientId: patient.id } })).statusCode).toBe(
      200,
    );
    expect((await call(api.planSet, otherPatient.bearer, { params: { setId: set.id } })).statusCode).toBe(403);
    const unknown = await call(api.planSets, withPrivilege.bearer, { params: { patientId: without.id } });
    expect(unknown.statusCode).toBe(404);
  });

  it('gives the care relation, the export and the erasure of a patient’s plans', async () => {
    const { therapist, patient, set } = await setup();
    const stranger = await account('THERAPEUT');
    expect(await trainingModule.careRelation!(t.db, therapist.id, patient.id)).toBe(true);
    expect(await trainingModule.careRelation!(t.db, stranger.id, patient.id)).toBe(false);
    const exported = await trainingModule.exportPatient!(t.db, patient.id, t.services);
    expect(exported.trainingsplan_set).toHaveLength(1);
    expect(exported.trainingsplan_eintrag).toHaveLength(3);
    await t.db.transaction((tx) => trainingModule.erasePatient!(tx, patient.id, t.services).then(() => undefined));
    expect(await t.db.select().from(planSets).where(eq(planSets.id, set.id))).toHaveLength(0);
    expect(await t.db.select().from(planEintraege).where(eq(planEintraege.setId, set.id))).toHaveLength(0);
  });
});

/** A therapist's template of three exercises and a subscribed patient with a plan from it, valid from now. */
async function planWorld() {
  const therapist = await account('THERAPEUT', ['UEBUNGEN_VERWALTEN_THERAPEUT', 'TRAININGSPLAN_VORLAGEN_VERWALTEN']);
  const patient = await account('PATIENT', ['HAT_ABO']);
  inCare.add(`${therapist.id}:${patient.id}`);
  const vorlage = await ok<Vorlage>(api.vorlageNeu, therapist.bearer);
  for (let i = 0; i < 3; i++) {
    const uebung = await neueUebung(therapist.bearer);
    await ok(api.vorlageUebungHinzufuegen, therapist.bearer, {
      body: { vorlageId: vorlage.id, uebungId: uebung.id, ...zahlen },
    });
  }
  const neuerPlan = () =>
    ok<PlanSetSummary>(api.planSetAusVorlage, therapist.bearer, {
      params: { id: vorlage.id },
      body: { patientId: patient.id },
    });
  const set = await neuerPlan();
  const eintraege = async () => (await ok<MeinPlan>(api.meinPlan, patient.bearer)).set!.planListe;
  const tick = (eintragId: number, erledigt: boolean, schmerz: number | null = null) =>
    call(api.erledigt, patient.bearer, { body: { eintragId, erledigt, schmerz } });
  /** What the therapist's editor shows: the set in force (as the list names it) with its adherence. */
  const adherenz = async () => {
    const list = await ok<PlanSetList>(api.planSets, therapist.bearer, { params: { patientId: patient.id } });
    const viaSet = await ok<PlanSet>(api.planSet, therapist.bearer, { params: { setId: list.aktuellesSetId! } });
    const viaPatient = await ok<PlanSet>(api.planAktuell, therapist.bearer, { params: { patientId: patient.id } });
    expect(viaPatient).toEqual(viaSet);
    return viaSet;
  };
  const marks = () => t.db.select().from(planErledigt).where(eq(planErledigt.patientUserId, patient.id));
  return { therapist, patient, set, neuerPlan, eintraege, tick, adherenz, marks };
}

// Issue 29 item 6: "Heute erledigt" with pain 3 answered 200, and the therapist saw 0 % adherence. A done mark is
// answered 200 only when it is stored for an exercise of the plan in force, and then the therapist's adherence of
// that plan counts it; anything else is an error that stores nothing.
describe('done marks (POST /trainingsplan/erledigt)', () => {
  beforeEach(() => {
    clockOffsetMs = 0;
  });

  it("stores a tick with pain 3 and the therapist's adherence for that patient counts it", async () => {
    const w = await planWorld();
    const [first] = await w.eintraege();
    expect((await w.adherenz()).adherenzProzent).toBe(0);

    const response = await w.tick(first!.id, true, 3);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PlanEintrag>()).toMatchObject({ id: first!.id, heute: { erledigt: true, schmerz: 3 } });

    expect(await w.marks()).toMatchObject([{ eintragId: first!.id, tag: berlinDay(serverNow()), schmerz: 3 }]);
    expect((await w.eintraege())[0]!.heute).toEqual({ erledigt: true, schmerz: 3 });
    const seen = await w.adherenz();
    expect(seen.id).toBe(w.set.id);
    expect(seen.planListe[0]!.adherenz).toEqual({
      tageErledigt: 1,
      schmerz: [{ tag: berlinDay(serverNow()), wert: 3 }],
    });
    // one of three exercises on the plan's only due day
    expect(seen.adherenzProzent).toBe(33);
  });

  it('answers 409 and stores nothing for an exercise of a set no longer in force', async () => {
    const w = await planWorld();
    // the patient's page was loaded before the therapist saved a new plan (other entry ids)
    const [stale] = await w.eintraege();
    const newer = await w.neuerPlan();
    for (const erledigt of [true, false]) {
      const response = await w.tick(stale!.id, erledigt, 3);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json<{ message: string }>().message).toBe(TRAINING_TEXTS.nichtAktuell);
    }
    expect(await w.marks()).toEqual([]);
    const seen = await w.adherenz();
    expect(seen.id).toBe(newer.id);
    expect(seen.adherenzProzent).toBe(0);

    // the page's new entries can be marked, and the therapist sees them
    const [current] = await w.eintraege();
    expect((await w.tick(current!.id, true, 3)).statusCode).toBe(200);
    expect((await w.adherenz()).planListe[0]!.adherenz?.tageErledigt).toBe(1);
  });

  it('answers 409 once a later set has come in force, though the page still shows the earlier one', async () => {
    const w = await planWorld();
    const [first] = await w.eintraege();
    const later = await w.neuerPlan();
    await ok(api.planSetDatum, w.therapist.bearer, {
      body: { setId: later.id, validFrom: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect((await w.tick(first!.id, true, 3)).statusCode).toBe(200);
    clockOffsetMs = 2 * 3_600_000;
    const response = await w.tick(first!.id, true, 4);
    expect(response.statusCode).toBe(409);
    // the earlier mark stays as it was stored
    expect((await w.marks()).map((mark) => mark.schmerz)).toEqual([3]);
  });

  it('keeps one mark per exercise and day: ticks again change only the pain, unticking twice is no error', async () => {
    const w = await planWorld();
    const [first, second] = await w.eintraege();
    for (const schmerz of [4, 3, 3]) expect((await w.tick(first!.id, true, schmerz)).statusCode).toBe(200);
    // a double click: two identical ticks at once
    const both = await Promise.all([w.tick(second!.id, true, 3), w.tick(second!.id, true, 3)]);
    expect(both.map((response) => response.statusCode)).toEqual([200, 200]);

    const stored = await w.marks();
    expect(stored.map((mark) => [mark.eintragId, mark.schmerz]).sort()).toEqual(
      [
        [first!.id, 3],
        [second!.id, 3],
      ].sort(),
    );
    const seen = await w.adherenz();
    expect(seen.planListe.map((eintrag) => eintrag.adherenz?.tageErledigt)).toEqual([1, 1, 0]);
    expect(seen.adherenzProzent).toBe(67);

    for (let i = 0; i < 2; i++) {
      const response = await w.tick(second!.id, false);
      expect(response.statusCode).toBe(200);
      expect(response.json<PlanEintrag>().heute).toEqual({ erledigt: false, schmerz: null });
    }
    expect((await w.marks()).map((mark) => mark.eintragId)).toEqual([first!.id]);
    expect((await w.adherenz()).adherenzProzent).toBe(33);
  });

  it('answers 409, not 500, when the therapist removes the exercise while its tick is being stored', async (context) => {
    // needs a second connection that holds the removal open: PostgreSQL only (the embedded database is one)
    if (!t.config.databaseUrl) return context.skip();
    const w = await planWorld();
    const [first] = await w.eintraege();
    const other = new pg.Client({ connectionString: t.config.databaseUrl });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('delete from trainingsplan_eintrag where id = $1', [first!.id]);
      const pending = w.tick(first!.id, true, 3);
      // the tick's write waits for the removal's row lock
      await expect
        .poll(
          async () =>
            (
              await other.query<{ n: number }>(
                `select count(*)::int as n from pg_stat_activity
                 where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
              )
            ).rows[0]!.n,
          { timeout: 10_000 },
        )
        .toBeGreaterThan(0);
      await other.query('commit');
      const response = await pending;
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json<{ message: string }>().message).toBe(TRAINING_TEXTS.nichtAktuell);
    } finally {
      await other.end();
    }
    expect(await w.marks()).toEqual([]);
  });
});
