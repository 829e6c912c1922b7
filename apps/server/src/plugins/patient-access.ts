import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  onRequestHookHandler,
  onResponseAsyncHookHandler,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import type { EndpointDeclaration, PatientRecordRule } from '@dihs/contract/common/endpoint';
import { routePattern } from '@dihs/contract/common/endpoint';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { MESSAGES } from '@dihs/contract/common/messages';
import { hasPrivilege, type Role } from '@dihs/contract/common/roles';
import type { ProtokollErgebnis } from '@dihs/contract/protokoll';
import { HttpError } from '../lib/http-error.ts';
import { loggableError } from '../lib/loggable-error.ts';
import { sessionOf } from './auth.ts';

/**
 * Need-to-know access to one patient's records (issue 18 item 1) and its audit trail (item 10), for every endpoint
 * whose declaration carries `patientRecord`. The patient reaches their own records; a therapist a patient in their
 * care (any module's careRelation); an operator with one of the declaration's operatorPrivileges, never without.
 * Every admitted or refused patient is written to the audit log once the answer is known. Routes without the field
 * get none of these hooks.
 */

/** What a handler of a `patientRecord` endpoint calls before it reads or writes a patient's record. */
export interface PatientRecordAccess {
  /**
   * Admits the caller to the patient's records or throws 403. `recordId` names the record when it is addressed by
   * its own id (it goes into the audit log).
   */
  admit(patientUserId: number, recordId?: number | null): Promise<void>;
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
  /** Outside production a handler that never admitted anyone answers 500 instead of its 200 (see onSend below). */
  failLoudly: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on routes whose declaration carries `patientRecord` only. */
    patientRecord: PatientRecordAccess;
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
}

/** The access of one request, with whom it admitted or refused so far (the hooks after the handler read it). */
interface RequestAccess extends PatientRecordAccess {
  readonly admissions: Admission[];
}

/** The request's access, once its onRequest hook ran (not when an earlier hook refused the request). */
const accessOf = (request: FastifyRequest): RequestAccess | null => request.patientRecord as RequestAccess | null;

/** The message of a refusal, as the error envelope carries it. */
export const refusal = () => HttpError.forbidden(MESSAGES.keinPatientenzugriff);

function createHooks(options: PatientAccessOptions, log: FastifyBaseLogger): PatientAccessHooks {
  type Decision = Pick<Admission, 'allowed' | 'audited'>;

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
        if (!decision.allowed) throw refusal();
      },
    };
  }

  return {
    hooksFor(declaration) {
      const rule = declaration.patientRecord;
      const endpunkt = `${declaration.method} ${routePattern(declaration)}`;
      const param = rule.patientParam;
      const fromParam: preHandlerAsyncHookHandler = async (request) => {
        const value = (request.params as Record<string, unknown>)[param ?? ''];
        await request.patientRecord.admit(Number(value));
      };
      return {
        onRequest: (request, _reply, done) => {
          request.patientRecord = accessFor(request, rule);
          done();
        },
        preHandler: param ? [fromParam] : [],
        // A route that answers success without naming its patient would read or write unchecked and unaudited.
        onSend: (request, reply, payload, done) => {
          const access = accessOf(request);
          if (!access || access.admissions.length > 0 || reply.statusCode >= 400) return done(null, payload);
          log.error({ endpunkt }, 'Patientendaten ohne Zugriffsprüfung beantwortet');
          if (!options.failLoudly) return done(null, payload);
          reply.code(500).type('application/json; charset=utf-8');
          done(
            null,
            JSON.stringify({
              message: `Interner Fehler: ${endpunkt} hat keinen Patienten zugelassen (request.patientRecord.admit fehlt).`,
              code: ERROR_CODES.internal,
            }),
          );
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
          if (!entries.length) return;
          try {
            await options.append(entries);
          } catch (error) {
            // the error names no values (loggableError keeps code and message of the driver, not its parameters)
            request.log.error({ error: loggableError(error), endpunkt }, 'Zugriffsprotokoll nicht geschrieben');
          }
        },
      };
    },
  };
}

/** Decorates the app with the need-to-know hooks; register before the modules' routes. */
export const patientAccessPlugin = fp(
  async (app: FastifyInstance, options: PatientAccessOptions) => {
    app.decorateRequest('patientRecord', null as unknown as PatientRecordAccess);
    app.decorate('patientAccess', createHooks(options, app.log));
  },
  { name: 'patient-access' },
);
