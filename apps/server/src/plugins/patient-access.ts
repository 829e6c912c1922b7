import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onResponseAsyncHookHandler,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import type {
  EndpointDeclaration,
  PatientListRule,
  PatientRecordRule,
  RecordKind,
  RequestField,
} from '@dihs/contract/common/endpoint';
import { pathParamNames, routePattern } from '@dihs/contract/common/endpoint';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { MESSAGES } from '@dihs/contract/common/messages';
import { hasPrivilege, type Role } from '@dihs/contract/common/roles';
import type { ProtokollErgebnis } from '@dihs/contract/protokoll';
import type { Database } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';
import { loggableError } from '../lib/loggable-error.ts';
import { sessionOf } from './auth.ts';

/**
 * Need-to-know access to one patient's records (issue 18 item 1) and its audit trail (item 10), for every endpoint
 * whose declaration carries `patientRecord`. The patient reaches their own records; a therapist a patient in their
 * care (any module's careRelation); an operator with one of the declaration's operatorPrivileges, never without.
 * The patient is taken from the declaration's source (path parameter, body field, the caller, or a record addressed
 * by its own id, resolved by its module's recordOwners) in a preHandler: after validation, before the handler and
 * outside any transaction (issue 30 item 1). Every admitted or refused patient is written to the audit log once the
 * answer is known. Routes without the field get none of these hooks.
 *
 * A list over several patients (`patientList`, issue 31 item 1) admits by its access rule alone; its handler names
 * the patients the answer contains (`request.patientList.shown`), and one entry per patient named is written after
 * the answer.
 */

/** The request's need-to-know state on a `patientRecord` endpoint. */
export interface PatientRecordAccess {
  /**
   * Admits the caller to the patient's records or throws 403. `recordId` names the record when it is addressed by
   * its own id (it goes into the audit log). The route's preHandler calls it; handlers only on a `handlerAdmits`
   * declaration.
   */
  admit(patientUserId: number, recordId?: number | null): Promise<void>;
  /**
   * The patient the route's rule admitted before the handler ran (a handler that needs the id of a record's patient
   * need not read the record for it). Throws when nobody was admitted (a `handlerAdmits` route before its admit).
   */
  admittedPatient(): number;
}

/** The request's audit state on a `patientList` endpoint (an answer about several patients). */
export interface PatientListAccess {
  /**
   * Names patients whose records the answer contains (in one call or several; an empty list says it contains none).
   * `recordId` names the record when the answer is about one (an appointment with its participants).
   */
  shown(patientUserIds: Iterable<number>, recordId?: number | null): void;
}

/** A record's patient as its owning module tells it. */
export interface RecordPatient {
  patientUserId: number;
  /** The record the audit log names instead of the addressed one (a plan entry: its plan). */
  recordId?: number;
}

/**
 * What a module's descriptor offers for a record kind it owns (`recordOwners`): the patient of a record addressed by
 * its own id, read on the root handle before the handler runs, and the 404 message for an unknown id (the one the
 * module's handlers answered themselves before).
 */
export interface RecordOwner {
  patientOf(db: Database, recordId: number): Promise<RecordPatient | null>;
  notFound: string;
}

/** One entry as the audit log stores it (modules/protokoll). */
export interface AuditEntryInput {
  akteurUserId: number;
  akteurRolle: Role;
  patientUserId: number;
  art: PatientRecordRule['kind'];
  aktion: PatientRecordRule['action'];
  datensatzId: number | null;
  endpunkt: string;
  adresse: string | null;
  ergebnis: ProtokollErgebnis;
  status: number;
}

export interface PatientAccessOptions {
  /** Whether the patient is in the therapist's care (any module says yes). */
  careRelation(therapistUserId: number, patientUserId: number): Promise<boolean>;
  /** The role of an account; undefined for an unknown id. */
  roleOf(userId: number): Promise<Role | undefined>;
  /** Appends to the audit log. */
  append(entries: AuditEntryInput[]): Promise<void>;
  /** The patient of a record addressed by its own id, per kind (every module's recordOwners, bound to the database). */
  recordOwners: Partial<Record<RecordKind, BoundRecordOwner>>;
  /** Outside production a handler that never admitted anyone answers 500 instead of its 200 (see onSend below). */
  failLoudly: boolean;
  /** Learns of each refusal (403), for the metrics (dihs_need_to_know_refusals_total). */
  refused?: (request: FastifyRequest) => void;
}

/** A record owner bound to the app's database. */
export interface BoundRecordOwner {
  patientOf(recordId: number): Promise<RecordPatient | null>;
  notFound: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on routes whose declaration carries `patientRecord` only. */
    patientRecord: PatientRecordAccess;
    /** Set on routes whose declaration carries `patientList` only. */
    patientList: PatientListAccess;
  }
  interface FastifyInstance {
    /** The route hooks of the need-to-know check (route() in endpoint-route.ts adds them). */
    patientAccess: PatientAccessHooks;
  }
}

interface Admission {
  patientUserId: number;
  recordId: number | null;
  allowed: boolean;
  /** False for an operator on a user who is no patient (no patient record, nothing to audit). */
  audited: boolean;
}

/** The hooks route() adds to a declaration with `patientRecord`. */
export interface PatientAccessHooks {
  hooksFor(declaration: EndpointDeclaration & { patientRecord: PatientRecordRule }): {
    onRequest: onRequestHookHandler;
    preHandler: preHandlerAsyncHookHandler[];
    onSend: onSendHookHandler;
    onResponse: onResponseAsyncHookHandler;
  };
  /** The hooks route() adds to a declaration with `patientList`. */
  listHooksFor(declaration: EndpointDeclaration & { patientList: PatientListRule }): {
    onRequest: onRequestHookHandler;
    onSend: onSendHookHandler;
    onResponse: onResponseAsyncHookHandler;
  };
}

/** A list's access: whom the handler named (null until it named anyone, even nobody). */
interface ListAccess extends PatientListAccess {
  named: Map<string, { patientUserId: number; recordId: number | null }> | null;
}

/** At most this many entries per INSERT (PostgreSQL takes at most 65,535 parameters in one statement). */
const APPEND_CHUNK = 1000;

/** The access of one request, with whom it admitted or refused so far (the hooks after the handler read it). */
interface RequestAccess extends PatientRecordAccess {
  readonly admissions: Admission[];
}

/** The request's access, once its onRequest hook ran (not when an earlier hook refused the request). */
const accessOf = (request: FastifyRequest): RequestAccess | null => request.patientRecord as RequestAccess | null;

/** The message of a refusal, as the error envelope carries it. */
export const refusal = () => HttpError.forbidden(MESSAGES.keinPatientenzugriff);

/** Whom a request addresses: the patient and the record the audit log names. */
interface Located {
  patientUserId: number;
  recordId: number | null;
}

/** A whole number from the validated params or body, else 400 (the schemas let no other through). */
function idFrom(request: FastifyRequest, field: RequestField): number | undefined {
  const source = (field.param !== undefined ? request.params : request.body) as Record<string, unknown> | undefined;
  const value = source?.[field.param ?? field.body];
  if (value === undefined || value === null) return undefined;
  const id = Number(value);
  if (!Number.isSafeInteger(id)) throw HttpError.badRequest();
  return id;
}

/**
 * How the preHandler finds the patient of a declaration; null for `handlerAdmits`. Checked when the route is bound:
 * one source, a path parameter the path has, a body field only with a JSON body, a record kind some module resolves.
 */
function patientLocator(
  declaration: EndpointDeclaration & { patientRecord: PatientRecordRule },
  owners: PatientAccessOptions['recordOwners'],
): ((request: FastifyRequest) => Located | Promise<Located>) | null {
  const rule = declaration.patientRecord;
  const where = `${declaration.method} ${declaration.path}`;
  const sources = (['patientParam', 'patientBody', 'record', 'handlerAdmits'] as const).filter(
    (key) => rule[key] !== undefined,
  );
  if (sources.length + (rule.self && !rule.patientBody ? 1 : 0) !== 1) {
    throw new Error(
      `${where}: patientRecord braucht genau eine Quelle des Patienten (${sources.join(', ') || 'keine'})`,
    );
  }
  const fields = [rule.recordId, rule.record].filter((field): field is RequestField => field !== undefined);
  if (rule.patientParam !== undefined) fields.push({ param: rule.patientParam });
  if (rule.patientBody !== undefined) fields.push({ body: rule.patientBody });
  for (const field of fields) {
    if (field.param !== undefined && !pathParamNames(declaration.path).includes(field.param)) {
      throw new Error(`${where}: patientRecord nennt den Pfadparameter ${field.param}, den der Pfad nicht hat`);
    }
    if (field.body !== undefined && (!declaration.body || (declaration.requestFormat ?? 'json') !== 'json')) {
      throw new Error(`${where}: patientRecord nennt das Feld ${field.body}, aber der Endpunkt hat keinen JSON-Body`);
    }
  }
  if (rule.handlerAdmits !== undefined) return null;

  const recordIdOf = (request: FastifyRequest) => (rule.recordId ? (idFrom(request, rule.recordId) ?? null) : null);
  if (rule.record) {
    const address = rule.record;
    const owner = owners[address.kind];
    if (!owner) throw new Error(`${where}: kein Modul nennt den Patienten von ${address.kind} (recordOwners)`);
    if (rule.recordId) throw new Error(`${where}: record nennt den Datensatz selbst, recordId ist überflüssig`);
    return async (request) => {
      const id = idFrom(request, address);
      const found = id === undefined ? null : await owner.patientOf(id);
      if (!found) throw HttpError.notFound(owner.notFound);
      return { patientUserId: found.patientUserId, recordId: found.recordId ?? id! };
    };
  }
  if (rule.patientParam !== undefined) {
    const param = { param: rule.patientParam };
    return (request) => {
      const patientUserId = idFrom(request, param);
      if (patientUserId === undefined) throw HttpError.badRequest();
      return { patientUserId, recordId: recordIdOf(request) };
    };
  }
  if (rule.patientBody !== undefined) {
    const body = { body: rule.patientBody };
    const orSelf = rule.self === true;
    return (request) => {
      // a body without the field names the caller where the declaration says so (a patient meaning themselves)
      const patientUserId = idFrom(request, body) ?? (orSelf ? sessionOf(request).userId : undefined);
      if (patientUserId === undefined) throw HttpError.badRequest();
      return { patientUserId, recordId: recordIdOf(request) };
    };
  }
  return (request) => ({ patientUserId: sessionOf(request).userId, recordId: recordIdOf(request) });
}

function createHooks(options: PatientAccessOptions, log: FastifyBaseLogger): PatientAccessHooks {
  type Decision = Pick<Admission, 'allowed' | 'audited'>;

  /** A success that named no patient: logged, and outside production answered 500 instead. */
  function unnamed(
    reply: FastifyReply,
    endpunkt: string,
    what: string,
    payload: unknown,
    done: (error: null, payload: unknown) => void,
  ) {
    log.error({ endpunkt }, 'Patientendaten ohne Zugriffsprüfung beantwortet');
    if (!options.failLoudly) return done(null, payload);
    reply.code(500).type('application/json; charset=utf-8');
    done(null, JSON.stringify({ message: `Interner Fehler: ${endpunkt} hat ${what}.`, code: ERROR_CODES.internal }));
  }

  /** Appends after the answer; a failure is logged (without values), the answer is gone already. */
  async function append(request: FastifyRequest, entries: AuditEntryInput[], endpunkt: string) {
    try {
      for (let start = 0; start < entries.length; start += APPEND_CHUNK) {
        await options.append(entries.slice(start, start + APPEND_CHUNK));
      }
    } catch (error) {
      // the error names no values (loggableError keeps code and message of the driver, not its parameters)
      request.log.error({ error: loggableError(error), endpunkt }, 'Zugriffsprotokoll nicht geschrieben');
    }
  }

  /** A patient's own records are decided at once; staff need a look-up (care relation, the id's role). */
  function decide(
    request: FastifyRequest,
    rule: PatientRecordRule,
    patientUserId: number,
  ): Decision | Promise<Decision> {
    const session = sessionOf(request);
    switch (session.role) {
      case 'PATIENT':
        return { allowed: patientUserId === session.userId, audited: true };
      case 'THERAPEUT':
        // a care relation exists only with patients, so a therapist never reaches another user this way
        return options.careRelation(session.userId, patientUserId).then((allowed) => ({ allowed, audited: true }));
      case 'BETREIBER':
        // endpoints such as the operator's profile view serve every role; only a patient's records need the
        // privilege. An unknown id passes on to the handler, which answers its own 404.
        return options.roleOf(patientUserId).then((role) =>
          role !== 'PATIENT'
            ? { allowed: true, audited: false }
            : {
                allowed: (rule.operatorPrivileges ?? []).some((p) => hasPrivilege(session.privileges, p)),
                audited: true,
              },
        );
    }
  }

  function accessFor(request: FastifyRequest, rule: PatientRecordRule): RequestAccess {
    const admissions: Admission[] = [];
    return {
      admissions,
      async admit(patientUserId, recordId = null) {
        let decision = admissions.find((a) => a.patientUserId === patientUserId);
        if (!decision) {
          const decided = decide(request, rule, patientUserId);
          decision = { ...(decided instanceof Promise ? await decided : decided), patientUserId, recordId };
          admissions.push(decision);
        }
        if (!decision.allowed) {
          options.refused?.(request);
          throw refusal();
        }
      },
      admittedPatient() {
        const admitted = admissions.find((a) => a.allowed);
        if (!admitted)
          throw new Error('Kein Patient zugelassen: patientRecord ohne Quelle vor request.patientRecord.admit');
        return admitted.patientUserId;
      },
    };
  }

  return {
    hooksFor(declaration) {
      const rule = declaration.patientRecord;
      const endpunkt = `${declaration.method} ${routePattern(declaration)}`;
      const locate = patientLocator(declaration, options.recordOwners);
      const admitFirst: preHandlerAsyncHookHandler = async (request) => {
        const { patientUserId, recordId } = await locate!(request);
        await request.patientRecord.admit(patientUserId, recordId);
      };
      return {
        onRequest: (request, _reply, done) => {
          request.patientRecord = accessFor(request, rule);
          done();
        },
        preHandler: locate ? [admitFirst] : [],
        // A route that answers success without naming its patient would read or write unchecked and unaudited.
        onSend: (request, reply, payload, done) => {
          const access = accessOf(request);
          if (!access || access.admissions.length > 0 || reply.statusCode >= 400) return done(null, payload);
          unnamed(reply, endpunkt, 'keinen Patienten zugelassen (request.patientRecord.admit fehlt)', payload, done);
        },
        onResponse: async (request, reply) => {
          const access = accessOf(request);
          const session = request.session;
          if (!access || !session) return;
          const entries = access.admissions
            .filter((a) => a.audited)
            .map((a): AuditEntryInput => ({
              akteurUserId: session.userId,
              akteurRolle: session.role,
              patientUserId: a.patientUserId,
              art: rule.kind,
              aktion: rule.action,
              datensatzId: a.recordId,
              endpunkt,
              adresse: request.ip || null,
              ergebnis: !a.allowed ? 'VERWEIGERT' : reply.statusCode < 400 ? 'ERLAUBT' : 'FEHLGESCHLAGEN',
              status: reply.statusCode,
            }));
          await append(request, entries, endpunkt);
        },
      };
    },
    listHooksFor(declaration) {
      const rule = declaration.patientList;
      const endpunkt = `${declaration.method} ${routePattern(declaration)}`;
      return {
        onRequest: (request, _reply, done) => {
          const access: ListAccess = {
            named: null,
            shown(patientUserIds, recordId = null) {
              access.named ??= new Map();
              for (const patientUserId of patientUserIds) {
                access.named.set(`${patientUserId}:${recordId}`, { patientUserId, recordId });
              }
            },
          };
          request.patientList = access;
          done();
        },
        // A list answered without naming its patients would show records unaudited.
        onSend: (request, reply, payload, done) => {
          const access = request.patientList as ListAccess | null;
          if (!access || access.named || reply.statusCode >= 400) return done(null, payload);
          unnamed(reply, endpunkt, 'keine Patienten genannt (request.patientList.shown fehlt)', payload, done);
        },
        onResponse: async (request, reply) => {
          const access = request.patientList as ListAccess | null;
          const session = request.session;
          if (!access?.named || !session) return;
          const entries = [...access.named.values()].map(({ patientUserId, recordId }): AuditEntryInput => ({
            akteurUserId: session.userId,
            akteurRolle: session.role,
            patientUserId,
            art: rule.kind,
            aktion: 'LESEN',
            datensatzId: recordId,
            endpunkt,
            adresse: request.ip || null,
            ergebnis: reply.statusCode < 400 ? 'ERLAUBT' : 'FEHLGESCHLAGEN',
            status: reply.statusCode,
          }));
          await append(request, entries, endpunkt);
        },
      };
    },
  };
}

/** Decorates the app with the need-to-know hooks; register before the modules' routes. */
export const patientAccessPlugin = fp(
  async (app: FastifyInstance, options: PatientAccessOptions) => {
    app.decorateRequest('patientRecord', null as unknown as PatientRecordAccess);
    app.decorateRequest('patientList', null as unknown as PatientListAccess);
    app.decorate('patientAccess', createHooks(options, app.log));
  },
  { name: 'patient-access' },
);
