import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ErrorEnvelope } from '@dihs/contract/common/errors';
import { MESSAGES } from '@dihs/contract/common/messages';
import { databaseBusyCause, postgresWaitKind } from '../db/database-busy.ts';
import { isBadDataError, isStorageError, sqlState } from '../lib/db-errors.ts';
import { HttpError } from '../lib/http-error.ts';
import { loggableError } from '../lib/loggable-error.ts';

/** Fastify's own error codes for bodies it could not read, with our German answer. */
const BODY_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES.keinJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: MESSAGES.keinJson,
  FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES.anfrageZuGross,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGES.formatNichtUnterstuetzt,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: MESSAGES.ungueltigeAnfrage,
};

/**
 * Errors Fastify's router answers before any hook or error handler runs (a malformed percent escape, a path
 * parameter longer than maxParamLength): the Fastify constructor's `frameworkErrors` option. Its default answer is
 * English and echoes the path; this one is the envelope in German and names nothing of the request.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? MESSAGES.adresseZuLang : MESSAGES.ungueltigeAdresse;
  const status = error.code === 'FST_ERR_ASYNC_CONSTRAINT' ? 500 : 400;
  void reply
    .status(status)
    .header('cache-control', 'no-store')
    .send({
      message: status === 500 ? MESSAGES.serverfehler : message,
      code: status === 500 ? ERROR_CODES.internal : ERROR_CODES.validation,
    } satisfies ErrorEnvelope);
}

const CLIENT_ERRORS: Record<string, { status: number; reason: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', message: MESSAGES.zeitUeberschritten },
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', message: MESSAGES.kopfZuGross },
};

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (a request that outlives REQUEST_TIMEOUT_SECONDS,
 * oversized headers, unparsable bytes): the Fastify constructor's `clientErrorHandler`. Fastify's default answers in
 * English outside the envelope; this one writes the envelope in German and closes the socket, as Node does.
 */
export function clientErrors(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
  const { status, reason, message } = known ?? {
    status: 400,
    reason: 'Bad Request',
    message: MESSAGES.ungueltigeAnfrage,
  };
  const code = status === 408 ? ERROR_CODES.timeout : ERROR_CODES.validation;
  const body = JSON.stringify({ message, code } satisfies ErrorEnvelope);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nCache-Control: no-store\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function validationMessage(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const text = first?.message ?? MESSAGES.ungueltigeAnfrage;
    return field ? `${field}: ${text}` : text;
  }
  return MESSAGES.ungueltigeAnfrage;
}

/** The route's pattern, never the URL: the URL may carry ids or a query with personal data. */
const endpointOf = (request: FastifyRequest): string => `${request.method} ${request.routeOptions.url ?? ''}`;

/**
 * What the request waited for and how long, for the log line of a 503 (no values of the request); undefined when the
 * error is no wait for the database.
 */
function databaseWaitOf(error: unknown): Record<string, unknown> | undefined {
  const busy = databaseBusyCause(error);
  if (!busy) {
    const kind = postgresWaitKind(error);
    return kind ? { wartetAuf: `PostgreSQL (${kind})` } : undefined;
  }
  return {
    wartetAuf: busy.waitedFor,
    wartezeitMs: busy.waitedMs,
    ...(busy.heldBy ? { belegtVon: busy.heldBy.what, belegtSeitMs: busy.heldBy.forMs } : {}),
  };
}

/** One error handler: every failure answers the contract's envelope { message, code } in German, never a stack. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler<FastifyError | HttpError>(async (error, request, reply) => {
      const databaseWait = databaseWaitOf(error);
      let status: number;
      let body: ErrorEnvelope;
      if (error instanceof HttpError) {
        status = error.statusCode;
        body = { message: error.message, ...(error.code ? { code: error.code } : {}) };
      } else if (error.validation) {
        status = 400;
        body = { message: validationMessage(error), code: ERROR_CODES.validation };
      } else if (error.code && BODY_ERRORS[error.code]) {
        // Oversized bodies are bad input like any other: 400, as the contract promises.
        status = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 415 : 400;
        body = { message: BODY_ERRORS[error.code] ?? MESSAGES.ungueltigeAnfrage, code: ERROR_CODES.validation };
      } else if (databaseWait) {
        status = 503;
        body = { message: MESSAGES.datenbankUeberlastet, code: ERROR_CODES.databaseBusy };
        void reply.header('retry-after', '60');
        request.log.warn(
          { endpunkt: endpointOf(request), ...databaseWait },
          'Datenbank hat nicht rechtzeitig geantwortet',
        );
      } else if (isStorageError(error)) {
        status = 503;
        body = { message: MESSAGES.datenbankSpeicher, code: ERROR_CODES.databaseStorage };
        // the operator must act (free space, check the disk): an error, with the SQLSTATE and the endpoint only
        request.log.error(
          { endpunkt: endpointOf(request), sqlState: sqlState(error) },
          'Datenbank kann nicht schreiben',
        );
      } else if (isBadDataError(error)) {
        status = 400;
        body = { message: MESSAGES.ungueltigeAnfrage, code: ERROR_CODES.validation };
      } else if (error.statusCode === 429) {
        status = 429;
        body = { message: MESSAGES.zuVieleAnfragen, code: ERROR_CODES.rateLimited };
      } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        status = error.statusCode;
        body = { message: MESSAGES.ungueltigeAnfrage, code: ERROR_CODES.validation };
      } else {
        status = 500;
        body = { message: MESSAGES.serverfehler, code: ERROR_CODES.internal };
        // Never the request body or query parameters: they may hold health data or passwords.
        request.log.error({ error: loggableError(error), endpunkt: endpointOf(request) }, 'Unerwarteter Fehler');
      }
      return reply.status(status).send(body);
    });
  },
  { name: 'errors' },
);
