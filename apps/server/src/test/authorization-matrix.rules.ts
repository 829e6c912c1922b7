import type { EndpointDeclaration } from '@dihs/contract/common/endpoint';
import type { Privilege, Role } from '@dihs/contract/common/roles';

/**
 * The expected answer of one matrix call, derived from the declaration (access rule and patientRecord), so the
 * matrix follows the rules instead of restating them. How a call "got past authorization": its status is neither
 * 401 nor 403 (and below 500). A 400, 404 or 409 then is a business answer to a sample that is otherwise wrong
 * (a cart already confirmed by an earlier actor); every sample is valid input for its schemas, so a 400 is never the
 * schema check answering before the need-to-know check. Every 401/403 of the application is an authorization
 * refusal, with two exceptions the samples avoid: the wrong current password (401) and the few business refusals
 * with their own message (own profile, unconfirmed address, video session rules; see handlerRule in the entries).
 */
export type Expected =
  | { kind: 'admitted'; because: string }
  | { kind: 'refused'; status: 401 | 403; because: string }
  /**
   * Refused (403) or answered as if the record did not exist (404): a handler's own ownership rule, or another
   * patient's record that a handler looks up among the caller's own records only (a `self` declaration whose record
   * id names another patient's record).
   */
  | { kind: 'hidden'; because: string };

/** Who calls: absent account = anonymous; `inCare` = a therapist with the addressed patient in care. */
export interface MatrixActor {
  key: string;
  account?: { id: number; role: Role; privileges: readonly Privilege[] };
  inCare?: boolean;
}

/** What the rules need to know about a sample: whose records it addresses, if anyone's. */
export interface CallFacts {
  subjectId?: number;
  /** The handler's own refusals that no declaration expresses (entry.handlerRule). */
  handlerRefuses?: readonly string[];
  handlerBecause?: string;
}

/** The expected answer of one actor's call of one endpoint. */
export function expectedOutcome(declaration: EndpointDeclaration, actor: MatrixActor, facts: CallFacts): Expected {
  const { access } = declaration;
  if (access.kind === 'public') return { kind: 'admitted', because: 'öffentlich' };
  const account = actor.account;
  if (!account) return { kind: 'refused', status: 401, because: 'ohne Anmeldung' };
  if (access.roles && !access.roles.includes(account.role)) {
    return { kind: 'refused', status: 403, because: `Rolle ${account.role} nicht in ${access.roles.join(', ')}` };
  }
  if (access.anyPrivilege && !access.anyPrivilege.some((p) => account.privileges.includes(p))) {
    return { kind: 'refused', status: 403, because: `keines von ${access.anyPrivilege.join(', ')}` };
  }
  if (facts.handlerRefuses?.includes(actor.key)) {
    return { kind: 'hidden', because: facts.handlerBecause ?? 'Regel des Handlers' };
  }
  if (facts.subjectId === undefined) return { kind: 'admitted', because: 'eigene oder allgemeine Daten' };
  const rule = declaration.patientRecord;
  if (!rule) {
    // No need-to-know declared (the entry says why): a patient still must not reach another patient's record.
    if (account.role === 'PATIENT' && account.id !== facts.subjectId) {
      return { kind: 'hidden', because: 'fremder Datensatz' };
    }
    return { kind: 'admitted', because: 'kein Patientendatensatz deklariert' };
  }
  switch (account.role) {
    case 'PATIENT':
      if (account.id === facts.subjectId) return { kind: 'admitted', because: 'eigener Datensatz' };
      // The declaration names whose record it is (path, body, or the record's module by its id): the check refuses
      // before the handler. A `self` declaration looks the record up among the caller's own: not found is no leak.
      return rule.self && !rule.patientBody
        ? { kind: 'hidden', because: 'Datensatz eines anderen Patienten, unter den eigenen gesucht' }
        : rule.record
          ? { kind: 'refused', status: 403, because: 'Datensatz eines anderen Patienten, über seine eigene Id' }
          : { kind: 'refused', status: 403, because: 'Datensatz eines anderen Patienten' };
    case 'THERAPEUT':
      return actor.inCare
        ? { kind: 'admitted', because: 'Patient in Behandlung' }
        : { kind: 'refused', status: 403, because: 'Patient nicht in Behandlung' };
    case 'BETREIBER': {
      const needed = rule.operatorPrivileges ?? [];
      return needed.some((p) => account.privileges.includes(p))
        ? { kind: 'admitted', because: 'Berechtigung der Aufgabe' }
        : {
            kind: 'refused',
            status: 403,
            because: needed.length
              ? `keines von ${needed.join(', ')} (patientRecord)`
              : 'Betreiber nie (patientRecord)',
          };
    }
  }
}

/** Whether a status meets the expectation. */
export function meets(expected: Expected, status: number): boolean {
  if (status >= 500) return false;
  switch (expected.kind) {
    case 'admitted':
      return status !== 401 && status !== 403;
    case 'refused':
      return status === expected.status;
    case 'hidden':
      return status === 403 || status === 404;
  }
}

/** The expectation as the failure message shows it. */
export function describeExpected(expected: Expected): string {
  switch (expected.kind) {
    case 'admitted':
      return `zugelassen (${expected.because})`;
    case 'refused':
      return `${expected.status} (${expected.because})`;
    case 'hidden':
      return `403 oder 404 (${expected.because})`;
  }
}

/**
 * The operators a declaration needs besides O0: one per privilege that its access rule or its patientRecord names,
 * each holding exactly that one (so "any of" lists are checked privilege by privilege).
 */
export function neededPrivileges(declaration: EndpointDeclaration): Privilege[] {
  const fromAccess = declaration.access.kind === 'login' ? (declaration.access.anyPrivilege ?? []) : [];
  const fromRecord = declaration.patientRecord?.operatorPrivileges ?? [];
  return [...new Set([...fromAccess, ...fromRecord])];
}

/**
 * The patients whose audit entries (this actor, this endpoint) an admitted call answered with success must leave
 * (issue 31 item 1): a `patientRecord` call its subject (or the calling patient on a rule without one), a
 * `patientList` call the patients the row says its answer names. Empty: nothing to check.
 */
export function expectedAuditPatients(
  declaration: EndpointDeclaration,
  actor: MatrixActor,
  facts: { subjectId?: number; listed?: readonly number[] },
): number[] {
  if (declaration.patientList) return [...(facts.listed ?? [])];
  if (!declaration.patientRecord || !actor.account) return [];
  if (facts.subjectId !== undefined) return [facts.subjectId];
  return actor.account.role === 'PATIENT' ? [actor.account.id] : [];
}
