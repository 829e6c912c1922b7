import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onResponseAsyncHookHandler,
  onSendAsyncHookHandler,
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
    onRequest: onRequestAsyncHookHandler;
    preHandler: preHandlerAsyncHookHandler[];
    onSend: onSendAsyncHookHandler;
    onResponse: onResponseAsyncHookHandler;
  };
}

const admissions = new WeakMap<FastifyRequest, Admission[]>();

/** The message of a refusal, as the error envelope carries it. */
export const refusal = () => HttpError.forbidden(MESSAGES.keinPatientenzugriff);

function createHooks(options: PatientAccessOptions, log: FastifyBaseLogger): PatientAccessHooks {
  async function decide(request: FastifyRequest, rule: PatientRecordRule, patientUserId: number) {
    const session = sessionOf(request);
    switch (session.role) {
      case 'PATIENT':
        return { allowed: patientUserId === session.userId, audited: true };
      case 'THERAPEUT':
        // a care relation exists only with patients, so a therapist never reaches another user this way
        return { allowed: await options.careRelation(session.userId, patientUserId), audited: true };
      case 'BETREIBER': {
        // endpoints such as the operator's profile view serve every role; only a patient's records need the
        // privilege. An unknown id passes on to the handler, which answers its own 404.
        if ((await options.roleOf(patientUserId)) !== 'PATIENT') return { allowed: true, audited: false };
        const allowed = (rule.operatorPrivileges ?? []).some((p) => hasPrivilege(session.privileges, p));
        return { allowed, audited: true };
      }
    }
  }

  function accessFor(request: FastifyRequest, rule: PatientRecordRule): PatientRecordAccess {
    const list: Admission[] = [];
    admissions.set(request, list);
    return {
      async admit(patientUserId, recordId = null) {
        const known = list.find((a) => a.patientUserId === patientUserId);
        const decision = known ?? { ...(await decide(request, rule, patientUserId)), patientUserId, recordId };
        if (!known) list.push(decision);
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
        onRequest: async (request) => {
          request.patientRecord = accessFor(request, rule);
        },
        preHandler: param ? [fromParam] : [],
        // A route that answers success without naming its patient would read or write unchecked and unaudited.
        onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
          const list = admissions.get(request);
          if (!list || list.length > 0 || reply.statusCode >= 400) return payload;
          log.error({ endpunkt }, 'Patientendaten ohne Zugriffsprüfung beantwortet');
          if (!options.failLoudly) return payload;
          reply.code(500).type('application/json; charset=utf-8');
          return JSON.stringify({
            message: `Interner Fehler: ${endpunkt} hat keinen Patienten zugelassen (request.patientRecord.admit fehlt).`,
            code: ERROR_CODES.internal,
          });
        },
        onResponse: async (request, reply) => {
          const list = admissions.get(request);
          const session = request.session;
          if (!list || !session) return;
          const entries = list
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
