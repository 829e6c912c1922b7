import { MESSAGES } from '@dihs/contract/common/messages';

/** A failed API call: HTTP status (0 when the server was not reached), German message, optional machine code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(status: number, message: string, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Internetverbindung.';

/** How the client learns the current token and reports a session the server no longer accepts. */
export interface SessionBinding {
  getToken(): string | null;
  /**
   * Called with the token that the server refused (so a stale call cannot end a newer session) and the refusal. It
   * may answer the token to repeat the call with, once: the user logged in again over the page (issue 31 item 6),
   * or a newer token took over meanwhile. Null or nothing: the call fails with the refusal.
   */
  onUnauthorized(refusedToken: string, refusal: ApiError): Promise<string | null> | void;
  /** An authenticated call succeeded: the server counted it as the session's activity. */
  onActivity?(): void;
}

let binding: SessionBinding | null = null;

/** Connects the client to the session; returns the function that disconnects it. */
export function bindSession(next: SessionBinding): () => void {
  binding = next;
  return () => {
    if (binding === next) binding = null;
  };
}

/** Anything with zod's parse: the contract's schemas, without the web app depending on zod itself. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

export interface ApiRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as text/plain (the password reset takes the raw e-mail). */
  text?: string;
  /** Sent as multipart/form-data (uploads); the browser sets the boundary. */
  form?: FormData;
  /** Answers the body as a Blob (PDF downloads) instead of parsing it. */
  blob?: boolean;
  /**
   * A 401 that means "wrong password" on a call made with a valid session (two-factor set-up, spec 1 section 8):
   * it must not end the session.
   */
  keepSessionOn401?: boolean;
  /** Validates the answer; without it the parsed body is returned as is. */
  schema?: ResponseSchema<T>;
  /** False for the login calls: their 401 means "wrong password", not "session gone". */
  auth?: boolean;
  /** The token to send instead of the session's current one: the logout revokes the token it has just dropped. */
  bearer?: string;
  signal?: AbortSignal;
  /** Set on the one repetition of a call refused with 401 (after a new login): it is not repeated again. */
  repeated?: boolean;
}

function fallbackMessage(status: number): string {
  if (status === 400) return MESSAGES.ungueltigeAnfrage;
  if (status === 401) return MESSAGES.nichtAngemeldet;
  if (status === 403) return MESSAGES.keineBerechtigung;
  if (status === 404) return MESSAGES.nichtGefunden;
  if (status === 413) return MESSAGES.anfrageZuGross;
  if (status === 429) return MESSAGES.zuVieleAnfragen;
  return MESSAGES.serverfehler;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  if (!isJson) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response).catch(() => undefined);
  // loaded on the first failure only: the schema brings zod, which the start page does not need
  const { errorEnvelopeSchema } = await import('@dihs/contract/common/errors');
  const envelope = errorEnvelopeSchema.safeParse(body);
  return envelope.success
    ? new ApiError(response.status, envelope.data.message, envelope.data.code)
    : new ApiError(response.status, fallbackMessage(response.status));
}

/**
 * The transport under the endpoint client (lib/endpoint-client.ts, the one caller outside tests): adds the bearer,
 * maps failures to ApiError, ends the session on a refused token. `url` is the full address ('/api/...').
 */
export async function apiRequest<T = unknown>(url: string, request: ApiRequest<T> = {}): Promise<T> {
  const {
    method = 'GET',
    json,
    text,
    form,
    blob = false,
    keepSessionOn401 = false,
    schema,
    auth = true,
    bearer,
    signal,
    repeated = false,
  } = request;
  const token = auth ? (bearer ?? binding?.getToken() ?? null) : null;

  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: string | FormData | undefined;
  if (form !== undefined) {
    body = form;
  } else if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  } else if (text !== undefined) {
    headers.set('Content-Type', 'text/plain;charset=UTF-8');
    body = text;
  }

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal: signal ?? null });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK');
  }

  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401 && token && !keepSessionOn401) {
      // the refused call was not carried out (the session is checked before anything else): repeating it is safe
      const next = await binding?.onUnauthorized(token, error);
      if (next && !repeated) return apiRequest(url, { ...request, bearer: next, repeated: true });
    }
    throw error;
  }
  if (token) binding?.onActivity?.();
  if (blob) return (await response.blob()) as T;
  const data = await readBody(response);
  return schema ? schema.parse(data) : (data as T);
}

/** Whether an error is an API answer with one of the given statuses. */
export const isApiError = (error: unknown, ...statuses: number[]): error is ApiError =>
  error instanceof ApiError && (statuses.length === 0 || statuses.includes(error.status));
