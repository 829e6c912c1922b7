import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, LOGIN, type PatientRecordRule } from '@dihs/contract/common/endpoint';
import { MESSAGES } from '@dihs/contract/common/messages';
import type { Role } from '@dihs/contract/common/roles';
import type { AppInstance } from '../app-types.ts';
import { injectEndpoint } from '../test/inject-endpoint.ts';
import { route } from './endpoint-route.ts';
import { errorsPlugin } from './errors.ts';
import { patientAccessPlugin, type AuditEntryInput, type PatientAccessOptions } from './patient-access.ts';

// The need-to-know hooks on a bare app (no database): the patient is taken from the declared source before the
// handler runs, a refusal or an unknown record never reaches the handler, and the audit entry names the record.

const PATIENT_A = 1;
const PATIENT_B = 2;
const THERAPIST = 3;
const SET_OF_A = 40;
const ENTRY_OF_A = 41;

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

interface World {
  app: FastifyInstance;
  /** Handler calls, by route. */
  ran: string[];
  audit: AuditEntryInput[];
}

/** An app with the plugin; the caller is named by the header x-user ("PATIENT:1"). */
async function worldWith(
  routes: (app: FastifyInstance, ran: string[]) => void,
  options: Partial<PatientAccessOptions> = {},
): Promise<World> {
  const ran: string[] = [];
  const audit: AuditEntryInput[] = [];
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const [role, id] = String(request.headers['x-user'] ?? '').split(':');
    if (!role) return;
    request.session = {
      sub: `u${id}`,
      role: role as Role,
      privileges: [],
      userId: Number(id),
      exp: 0,
    };
  });
  await app.register(patientAccessPlugin, {
    careRelation: async (therapist, patient) => therapist === THERAPIST && patient === PATIENT_A,
    roleOf: async (userId) => (userId === THERAPIST ? 'THERAPEUT' : 'PATIENT'),
    append: async (entries) => {
      audit.push(...entries);
    },
    recordOwners: {
      TRAININGSPLAN_SET: {
        patientOf: async (id) => (id === SET_OF_A ? { patientUserId: PATIENT_A } : null),
        notFound: 'Trainingsplan nicht gefunden.',
      },
      TRAININGSPLAN_EINTRAG: {
        patientOf: async (id) => (id === ENTRY_OF_A ? { patientUserId: PATIENT_A, recordId: SET_OF_A } : null),
        notFound: 'Übung im Plan nicht gefunden.',
      },
    },
    failLoudly: true,
    ...options,
  });
  routes(app, ran);
  await app.ready();
  return { app, ran, audit };
}

const idParams = z.object({ id: z.coerce.number().int() });
const declare = (path: string, rule: PatientRecordRule, method: 'GET' | 'POST' = 'GET') =>
  endpoint({
    method,
    path,
    summary: 'Test',
    tag: 'Test',
    access: LOGIN,
    patientRecord: rule,
    ...(path.includes(':id') ? { params: idParams } : {}),
    ...(method === 'POST'
      ? { body: z.object({ patientId: z.number().int().optional(), setId: z.number().int().optional() }) }
      : {}),
    response: z.object({ ok: z.boolean() }),
  });

const byRecord = declare('/plan/:id', {
  kind: 'TRAINING',
  action: 'LESEN',
  record: { kind: 'TRAININGSPLAN_SET', param: 'id' },
});
const byEntry = declare('/eintrag/:id', {
  kind: 'TRAINING',
  action: 'SCHREIBEN',
  record: { kind: 'TRAININGSPLAN_EINTRAG', param: 'id' },
});
const bySetInBody = declare(
  '/plan-body',
  { kind: 'TRAINING', action: 'SCHREIBEN', record: { kind: 'TRAININGSPLAN_SET', body: 'setId' } },
  'POST',
);
const byBody = declare(
  '/body/:id',
  { kind: 'TERMINE', action: 'SCHREIBEN', patientBody: 'patientId', recordId: { param: 'id' } },
  'POST',
);
const bodyOrSelf = declare(
  '/body-or-self',
  { kind: 'ANAMNESE', action: 'SCHREIBEN', patientBody: 'patientId', self: true },
  'POST',
);
const own = declare('/own', { kind: 'PROFIL', action: 'LESEN', self: true });

const all = [byRecord, byEntry, bySetInBody, byBody, bodyOrSelf, own];
const bindAll = (target: FastifyInstance, ran: string[]) => {
  for (const declaration of all) {
    route(target, declaration, (request) => {
      ran.push(`${declaration.path} ${request.patientRecord.admittedPatient()}`);
      return { ok: true };
    });
  }
};

/** One call as the user ("PATIENT:1"). */
const call = (w: World, declaration: (typeof all)[number], user: string, input: { id?: number; body?: unknown } = {}) =>
  injectEndpoint(w.app as unknown as AppInstance, declaration, {
    ...(input.id !== undefined ? { params: { id: input.id } } : {}),
    ...(input.body !== undefined ? { body: input.body } : {}),
    headers: { 'x-user': user },
  });

/** The audit entries arrive after the answer. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the patient taken from the declaration, before the handler', () => {
  it('resolves a record addressed by its own id through its owner and audits it under its id', async () => {
    const w = await worldWith(bindAll);
    const own = await call(w, byRecord, `PATIENT:${PATIENT_A}`, { id: SET_OF_A });
    expect(own.statusCode).toBe(200);
    expect(w.ran).toEqual([`/plan/:id ${PATIENT_A}`]);
    await settled();
    expect(w.audit).toEqual([
      expect.objectContaining({
        patientUserId: PATIENT_A,
        datensatzId: SET_OF_A,
        art: 'TRAINING',
        ergebnis: 'ERLAUBT',
      }),
    ]);
  });

  it('refuses another patient and a therapist without care before the handler runs', async () => {
    const w = await worldWith(bindAll);
    for (const user of [`PATIENT:${PATIENT_B}`, `THERAPEUT:99`]) {
      const refused = await call(w, byRecord, user, { id: SET_OF_A });
      expect(refused.statusCode, user).toBe(403);
      expect(refused.json()).toEqual({ message: MESSAGES.keinPatientenzugriff, code: 'FORBIDDEN' });
    }
    const written = await call(w, bySetInBody, `PATIENT:${PATIENT_B}`, { body: { setId: SET_OF_A } });
    expect(written.statusCode).toBe(403);
    expect(w.ran).toEqual([]);
    await settled();
    expect(w.audit.map((entry) => [entry.akteurUserId, entry.ergebnis, entry.datensatzId])).toEqual([
      [PATIENT_B, 'VERWEIGERT', SET_OF_A],
      [99, 'VERWEIGERT', SET_OF_A],
      [PATIENT_B, 'VERWEIGERT', SET_OF_A],
    ]);
  });

  it("answers an unknown record with its owner's 404 message, admitting and auditing nobody", async () => {
    const w = await worldWith(bindAll);
    const unknown = await call(w, byRecord, `THERAPEUT:${THERAPIST}`, { id: 999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Trainingsplan nicht gefunden.', code: 'NOT_FOUND' });
    const entry = await call(w, byEntry, `PATIENT:${PATIENT_A}`, { id: 999 });
    expect(entry.json().message).toBe('Übung im Plan nicht gefunden.');
    expect(w.ran).toEqual([]);
    await settled();
    expect(w.audit).toEqual([]);
  });

  it('audits the record the owner names (an entry under its plan)', async () => {
    const w = await worldWith(bindAll);
    const response = await call(w, byEntry, `THERAPEUT:${THERAPIST}`, { id: ENTRY_OF_A });
    expect(response.statusCode).toBe(200);
    await settled();
    expect(w.audit).toEqual([
      expect.objectContaining({ akteurRolle: 'THERAPEUT', patientUserId: PATIENT_A, datensatzId: SET_OF_A }),
    ]);
  });

  it('takes the patient from a body field, with the record id from the path', async () => {
    const w = await worldWith(bindAll);
    const refused = await call(w, byBody, `PATIENT:${PATIENT_B}`, { id: 7, body: { patientId: PATIENT_A } });
    expect(refused.statusCode).toBe(403);
    const admitted = await call(w, byBody, `THERAPEUT:${THERAPIST}`, { id: 7, body: { patientId: PATIENT_A } });
    expect(admitted.statusCode).toBe(200);
    expect(w.ran).toEqual([`/body/:id ${PATIENT_A}`]);
    await settled();
    expect(w.audit.map((entry) => [entry.akteurUserId, entry.patientUserId, entry.datensatzId])).toEqual([
      [PATIENT_B, PATIENT_A, 7],
      [THERAPIST, PATIENT_A, 7],
    ]);
  });

  it('takes the caller when the body leaves the patient out and the declaration says so', async () => {
    const w = await worldWith(bindAll);
    const self = await call(w, bodyOrSelf, `PATIENT:${PATIENT_B}`, { body: {} });
    expect(self.statusCode).toBe(200);
    const other = await call(w, bodyOrSelf, `PATIENT:${PATIENT_B}`, { body: { patientId: PATIENT_A } });
    expect(other.statusCode).toBe(403);
    const mine = await call(w, own, `PATIENT:${PATIENT_A}`);
    expect(mine.statusCode).toBe(200);
    expect(w.ran).toEqual([`/body-or-self ${PATIENT_B}`, `/own ${PATIENT_A}`]);
  });
});

describe('declarations checked when the route is bound', () => {
  const bind = (rule: PatientRecordRule, path = '/x/:id', method: 'GET' | 'POST' = 'GET') =>
    worldWith((target) => route(target, declare(path, rule, method), () => ({ ok: true })));

  it('refuses a record kind no module resolves', async () => {
    await expect(bind({ kind: 'REZEPT', action: 'LESEN', record: { kind: 'REZEPT', param: 'id' } })).rejects.toThrow(
      /kein Modul nennt den Patienten von REZEPT/,
    );
  });

  it('refuses a parameter the path lacks and a body field without a body', async () => {
    await expect(bind({ kind: 'PROFIL', action: 'LESEN', patientParam: 'userId' })).rejects.toThrow(/userId/);
    await expect(bind({ kind: 'PROFIL', action: 'LESEN', self: true, recordId: { body: 'setId' } })).rejects.toThrow(
      /keinen JSON-Body/,
    );
  });

  it('refuses a declaration without a source or with two (past the types)', async () => {
    const none = { kind: 'PROFIL', action: 'LESEN' } as unknown as PatientRecordRule;
    await expect(bind(none)).rejects.toThrow(/genau eine Quelle/);
    const two = { kind: 'PROFIL', action: 'LESEN', patientParam: 'id', self: true } as unknown as PatientRecordRule;
    await expect(bind(two)).rejects.toThrow(/genau eine Quelle/);
  });
});

describe('lists over several patients (patientList, issue 31 item 1)', () => {
  const listOf = (path: string) =>
    endpoint({
      method: 'GET',
      path,
      summary: 'Test',
      tag: 'Test',
      access: LOGIN,
      patientList: { kind: 'REZEPT' },
      response: z.object({ ok: z.boolean() }),
    });
  const named = listOf('/liste');
  const unnamed = listOf('/liste-ohne');
  const failing = listOf('/liste-fehler');
  const bindLists = (target: FastifyInstance) => {
    route(target, named, (request) => {
      // a patient twice (two of their records on the page) is one entry
      request.patientList.shown([PATIENT_A, PATIENT_B, PATIENT_A]);
      return { ok: true };
    });
    route(target, unnamed, () => ({ ok: true }));
    route(target, failing, (request) => {
      request.patientList.shown([PATIENT_A]);
      throw new Error('kaputt');
    });
  };
  const get = (w: World, declaration: ReturnType<typeof listOf>) =>
    injectEndpoint(w.app as unknown as AppInstance, declaration, { headers: { 'x-user': `THERAPEUT:${THERAPIST}` } });

  it('writes one entry per patient named, after the answer', async () => {
    const w = await worldWith(bindLists);
    expect((await get(w, named)).statusCode).toBe(200);
    await settled();
    expect(w.audit).toEqual([
      expect.objectContaining({
        akteurUserId: THERAPIST,
        patientUserId: PATIENT_A,
        art: 'REZEPT',
        aktion: 'LESEN',
        datensatzId: null,
        endpunkt: 'GET /api/liste',
        ergebnis: 'ERLAUBT',
      }),
      expect.objectContaining({ patientUserId: PATIENT_B, ergebnis: 'ERLAUBT' }),
    ]);
  });

  it('answers 500 for a list that names nobody, and marks a failed answer', async () => {
    const w = await worldWith(bindLists);
    const response = await get(w, unnamed);
    expect(response.statusCode).toBe(500);
    expect(response.json<{ message: string }>().message).toContain('request.patientList.shown fehlt');
    expect((await get(w, failing)).statusCode).toBe(500);
    await settled();
    expect(w.audit).toEqual([expect.objectContaining({ patientUserId: PATIENT_A, ergebnis: 'FEHLGESCHLAGEN' })]);
  });

  it('refuses a declaration with both rules when the route is bound', async () => {
    const both = { ...named, patientRecord: { kind: 'REZEPT', action: 'LESEN', self: true } } as const;
    await expect(worldWith((target) => route(target, both, () => ({ ok: true })))).rejects.toThrow(
      'patientRecord oder patientList, nicht beides',
    );
  });
});
