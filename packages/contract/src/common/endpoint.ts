import type { z } from 'zod';
import type { Privilege, Role } from './roles.ts';

/**
 * One declaration per endpoint: method, path, schemas and access rule. The server binds its handler to it
 * (apps/server/src/lib/endpoint-route.ts), the web calls it through one typed client (apps/web/src/lib/endpoint-client.ts),
 * the tests inject it, and OpenAPI is generated from the server routes built from it.
 *
 * This file imports zod only as types: the web's start page loads it without pulling zod in.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint, checked before the body is parsed. `public`: anyone, a token is optional. `login`:
 * a valid session, optionally with one of the roles and at least one of the privileges. Ownership (a patient's own
 * records, a therapist's patients) is the declaration's `patientRecord`, checked after validation, before the handler.
 */
export type EndpointAccess =
  | { readonly kind: 'public' }
  | { readonly kind: 'login'; readonly roles?: readonly Role[]; readonly anyPrivilege?: readonly Privilege[] };

export const PUBLIC: EndpointAccess = { kind: 'public' };
export const LOGIN: EndpointAccess = { kind: 'login' };
/** A session with one of the roles (and, when given, at least one of the privileges). */
export const roles = (allowed: readonly Role[], anyPrivilege?: readonly Privilege[]): EndpointAccess =>
  anyPrivilege ? { kind: 'login', roles: allowed, anyPrivilege } : { kind: 'login', roles: allowed };
/** An operator with at least one of the privileges. */
export const operator = (...anyPrivilege: Privilege[]): EndpointAccess =>
  anyPrivilege.length ? { kind: 'login', roles: ['BETREIBER'], anyPrivilege } : { kind: 'login', roles: ['BETREIBER'] };

/**
 * How the request body travels: JSON (default), plain text (the password reset takes the raw address) or
 * multipart form data (uploads, declared with `multipartUpload`: the server reads the parts as the declaration's
 * `multipart` rule says, the body schema is not used).
 */
export type RequestFormat = 'json' | 'text' | 'multipart';

/** The one file of an upload: the form field that carries it, its size limit and the German refusals (each a 400). */
export interface UploadFileRule {
  /** The form field of the file; a file under any other name is refused with `wrongField`. */
  readonly field: string;
  /** The most bytes the file may have; the server cuts the stream at this size, or refuses a longer declared body. */
  readonly maxBytes: number;
  /** No file came (or the body is no multipart form). */
  readonly missing: string;
  /** A file came under another field name. */
  readonly wrongField: string;
  /** The file, or the declared length of the body, is beyond `maxBytes`. */
  readonly tooLarge: string;
}

/**
 * The text fields beside the file: an object schema of strings (multipart fields are text). Fields it does not name
 * are dropped (a strict object refuses them); a refused field is a 400 with the schema's message.
 */
export type UploadFieldsSchema = z.ZodObject<
  Record<string, z.ZodType<unknown, string | undefined>>,
  z.core.$ZodObjectConfig
>;

/** What a multipart declaration carries: the file and the text fields (apps/server/src/lib/upload-limit.ts reads them). */
export interface MultipartRule {
  readonly file: UploadFileRule;
  readonly fields: UploadFieldsSchema;
}

/**
 * The request side of an upload declaration, spread into `endpoint({...})`: multipart form data with one file and
 * the text fields. `fileField` repeats the file's field name for those who only need that (OpenAPI, tests).
 */
export const multipartUpload = <const M extends MultipartRule>(
  multipart: M,
): { readonly requestFormat: 'multipart'; readonly fileField: M['file']['field']; readonly multipart: M } => ({
  requestFormat: 'multipart',
  fileField: multipart.file.field,
  multipart,
});
/** JSON (checked by `response`) or a file download (PDF, CSV, image) that the client receives as a Blob. */
export type ResponseFormat = 'json' | 'file';

/**
 * The kinds of patient records: what the need-to-know check and the audit log name (German labels in
 * common/patient-records.ts).
 */
export type PatientRecordKind =
  | 'PROFIL'
  | 'DOKUMENTATION'
  | 'GUTHABEN'
  | 'TERMINE'
  | 'ABO'
  | 'REZEPT'
  | 'FRAGEBOGEN'
  | 'ANAMNESE'
  | 'TRAINING'
  | 'EINWILLIGUNG'
  | 'EXPORT';

/**
 * Records addressed by their own id (a path parameter or a body field) whose patient only the owning module knows. The
 * module's descriptor resolves such an id to its patient (`recordOwners` in apps/server/src/app-types.ts); the app
 * refuses to start when a declaration names a kind no module resolves.
 */
export type RecordKind = 'WARENKORB' | 'REZEPT' | 'PATIENT_FRAGEBOGEN' | 'TRAININGSPLAN_SET' | 'TRAININGSPLAN_EINTRAG';

/** Where a value travels in the request: a path parameter or a field of the JSON body (both after validation). */
export type RequestField =
  { readonly param: string; readonly body?: never } | { readonly body: string; readonly param?: never };

/** A record addressed by its own id: its kind (the owning module resolves the patient) and where the id travels. */
export type RecordAddress = { readonly kind: RecordKind } & RequestField;

/** The ways a declaration names the patient; exactly one per declaration. */
interface PatientSources {
  /** The path parameter that carries the patient's user id. */
  readonly patientParam: string;
  /** The JSON body field that carries the patient's user id (with `self` as well: the caller when it is absent). */
  readonly patientBody: string;
  /** The caller is the patient ("my own" endpoints). */
  readonly self: true;
  /** A record addressed by its own id: its patient, as the owning module resolves it; the id goes into the audit log. */
  readonly record: RecordAddress;
  /**
   * The handler names the patient through `request.patientRecord.admit(patientUserId, recordId?)` before it reads
   * or writes anything: only where no source above can express the rule, with the reason (listed in
   * docs/decisions.md, "Issue 30 item 1").
   */
  readonly handlerAdmits: string;
}

type OneSource<K extends keyof PatientSources> = { readonly [P in K]: PatientSources[P] } & {
  readonly [P in Exclude<keyof PatientSources, K | 'self'>]?: never;
} & (K extends 'patientBody' ? { readonly self?: true } : K extends 'self' ? unknown : { readonly self?: never });

/** Exactly one source of the patient (a body field may fall back to the caller). */
export type PatientSource =
  | OneSource<'patientParam'>
  | OneSource<'patientBody'>
  | OneSource<'self'>
  | OneSource<'record'>
  | OneSource<'handlerAdmits'>;

/**
 * An endpoint that reads or writes one patient's records. The server admits the caller only on need-to-know
 * (the patient: own records; a therapist: while the patient is in their care; an operator: with one of
 * `operatorPrivileges`, never without) and writes one audit entry per call (who, whose, kind, record id, address,
 * outcome; never the content). Roles the `access` rule already refuses never get here.
 *
 * Access is decided before the handler runs: `route()` (apps/server/src/plugins/endpoint-route.ts) adds a preHandler
 * that takes the patient from the declared source (after validation, outside any transaction), admits or refuses
 * (403) and notes the audit entry. A record addressed by its own id that does not exist is answered 404 with the
 * owning module's message before anyone is admitted.
 */
export type PatientRecordRule = {
  readonly kind: PatientRecordKind;
  readonly action: 'LESEN' | 'SCHREIBEN';
  /**
   * The record id the audit log names when the patient comes from elsewhere (the attendance of an appointment: the
   * patient in the body, the appointment in the path). A `record` source names its own.
   */
  readonly recordId?: RequestField;
  /** Operators reach the record only with one of these privileges; absent or empty: operators never do. */
  readonly operatorPrivileges?: readonly Privilege[];
} & PatientSource;

/**
 * An endpoint whose answer names several patients' records at once (an operator's or therapist's list): who may call
 * it is the `access` rule; the handler names every patient the answer contains
 * (`request.patientList.shown(patientUserIds, recordId?)`, an empty list too), and the server writes one audit entry
 * per patient named (action LESEN) once the answer is known. A success answered without naming anyone is a 500
 * outside production. Why one entry per patient: docs/decisions.md, "Issue 31 item 1".
 */
export interface PatientListRule {
  readonly kind: PatientRecordKind;
}

/**
 * Data that answers show and calls change, for the web's cache (the tags of RTK Query): a GET declaration names the
 * data its answer shows (`reads`), a change names the data it changes (`changes`); after such a call the web reads
 * every cached answer that shows one of those again. So a booking declares that it changes seats, credit and
 * subscription, and no page or feature needs to know which answers of other features that makes stale.
 */
export type DataTag =
  /** Appointments with their seats and the viewer's bookings. */
  | 'TERMINPLAN'
  /** Credit balances and their history. */
  | 'GUTHABEN'
  /** Whether a subscription runs, and its credit. */
  | 'ABO'
  /** Today's exercises of a training plan and their done marks (the patient's own plan answer is the training feature's). */
  | 'TRAINING'
  /** The menu: pages' titles, addresses and access rules. */
  | 'MENUE';

export interface EndpointDeclaration {
  readonly method: HttpMethod;
  /** Relative to /api, with `:name` parameters: '/firma/eine/patient/:id'. */
  readonly path: string;
  readonly summary: string;
  /** OpenAPI group. */
  readonly tag: string;
  readonly access: EndpointAccess;
  /** Set on every endpoint that touches one patient's health or account records (need-to-know and audit). */
  readonly patientRecord?: PatientRecordRule;
  /** Set on every endpoint whose answer contains several patients' records (lists; audit per patient named). */
  readonly patientList?: PatientListRule;
  /**
   * A patient calls it only after consenting to the current consent texts (booking): 409 CONSENT_REQUIRED before
   * the handler otherwise; other roles pass (an operator booking for a patient is the operator's business).
   */
  readonly requiresConsent?: true;
  /** GET: the data its answer shows; read again after a call that `changes` one of them (see DataTag). */
  readonly reads?: readonly DataTag[];
  /** A change: the data it changes; after it answers (or refuses: the page may be out of date) see DataTag. */
  readonly changes?: readonly DataTag[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly requestFormat?: RequestFormat;
  /** Multipart uploads: the form field that carries the file (the same as `multipart.file.field`). */
  readonly fileField?: string;
  /** Multipart uploads: the file and the text fields, with limits and German refusals (see `multipartUpload`). */
  readonly multipart?: MultipartRule;
  /** The 200 answer; absent for a file download. */
  readonly response?: z.ZodType;
  readonly responseFormat?: ResponseFormat;
  /** The media type of a file download, for OpenAPI ('application/pdf'). */
  readonly fileType?: string;
  /** The error statuses the endpoint answers with besides 200 (each with the error envelope). */
  readonly errors?: readonly number[];
  /** Statuses besides 200 whose body is not the error envelope (the health check's 503). */
  readonly otherResponses?: Readonly<Record<number, z.ZodType>>;
}

/** Declares an endpoint; keeps the literal types so handlers and callers are checked against them. */
export const endpoint = <const E extends EndpointDeclaration>(declaration: E): E => declaration;

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Given<S> = S extends z.ZodType ? z.input<S> : undefined;

/** A file as an upload's handler receives it: the bytes (the server's Buffer), the name as sent and the sent type. */
export interface UploadedFile<Bytes = Uint8Array> {
  readonly data: Bytes;
  readonly filename: string;
  readonly mimetype: string;
}

/** The parts of an upload after parsing: the text fields as the declaration's schema answers them, and the file. */
export type EndpointUpload<E extends EndpointDeclaration, File = UploadedFile> = E['multipart'] extends MultipartRule
  ? z.output<E['multipart']['fields']> & { file: File }
  : never;

/** What the handler receives after validation. */
export type EndpointParams<E extends EndpointDeclaration> = Parsed<E['params']>;
export type EndpointQuery<E extends EndpointDeclaration> = Parsed<E['query']>;
export type EndpointBody<E extends EndpointDeclaration> = E['requestFormat'] extends 'multipart'
  ? EndpointUpload<E>
  : Parsed<E['body']>;
/** What the handler returns (before serialization) for a JSON endpoint. */
export type EndpointResult<E extends EndpointDeclaration> = E['response'] extends z.ZodType
  ? z.input<E['response']>
  : unknown;
/** What the caller receives. */
export type EndpointAnswer<E extends EndpointDeclaration> = E['responseFormat'] extends 'file'
  ? Blob
  : E['response'] extends z.ZodType
    ? z.output<E['response']>
    : unknown;

/** What a caller passes to an upload: the file and the text fields; the client builds the form data from it. */
type UploadInput<E extends EndpointDeclaration> = E['multipart'] extends MultipartRule
  ? z.input<E['multipart']['fields']> & { file: Blob }
  : never;

type Part<Key extends string, S> = S extends z.ZodType ? { [K in Key]: z.input<S> } : { [K in Key]?: undefined };
/** What a caller passes: params, query and body exactly when the declaration has them. */
export type EndpointInput<E extends EndpointDeclaration> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  (E['requestFormat'] extends 'multipart'
    ? { body: UploadInput<E> }
    : E['requestFormat'] extends 'text'
      ? { body: string }
      : Part<'body', E['body']>);

/** True when the caller must pass something (a declaration with params, query or body). */
export type EndpointNeedsInput<E extends EndpointDeclaration> = E['requestFormat'] extends 'multipart'
  ? true
  : undefined extends Given<E['params']> & Given<E['query']> & Given<E['body']>
    ? false
    : true;

/** Where the API lives; every other path belongs to the web app. */
export const API_PREFIX = '/api';

const PARAM = /:([A-Za-z0-9_]+)/g;

/** The names of a path's parameters, in order. */
export const pathParamNames = (path: string): string[] => [...path.matchAll(PARAM)].map((match) => match[1] ?? '');

/** A path or query value as text: scalars as JavaScript writes them, anything else as JSON. */
const asText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
      ? String(value)
      : JSON.stringify(value);

/** The path with its parameters filled in (URI-encoded), relative to /api. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(PARAM, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Pfadparameter ${name} fehlt für ${path}`);
    return encodeURIComponent(asText(value));
  });
}

/** The query string (with leading ?) of a flat query object: arrays repeat their key, undefined and null are left out. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      search.append(key, asText(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The full address under /api of one call: '/api/firma/eine/patient/7?x=1'. */
export const apiUrl = (declaration: EndpointDeclaration, input: { params?: unknown; query?: unknown } = {}): string =>
  `${API_PREFIX}${fillPath(declaration.path, input.params as Record<string, unknown> | undefined)}${queryString(
    input.query as Record<string, unknown> | undefined,
  )}`;

/** The Fastify route pattern of a declaration. */
export const routePattern = (declaration: EndpointDeclaration): string => `${API_PREFIX}${declaration.path}`;
