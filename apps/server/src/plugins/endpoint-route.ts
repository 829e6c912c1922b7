import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestHookHandler,
  preHandlerHookHandler,
  preValidationAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import multipart from '@fastify/multipart';
import fastJson from 'fast-json-stringify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type {
  EndpointBody,
  EndpointDeclaration,
  EndpointParams,
  EndpointQuery,
  EndpointResult,
  EndpointUpload,
  MultipartRule,
  UploadedFile,
} from '@dihs/contract/common/endpoint';
import { routePattern } from '@dihs/contract/common/endpoint';
import { errorEnvelopeSchema } from '@dihs/contract/common/errors';
import type { AppInstance } from '../app-types.ts';
import { nullableAsKeyword } from '../lib/nullable-keyword.ts';
import { multipartOptions, readUpload, refuseOversizedUpload } from '../lib/upload-limit.ts';
import { wellFormedText } from '../lib/well-formed-text.ts';
import { guard } from './auth.ts';
import { consentHook } from './consent-rule.ts';
import './patient-access.ts';

/**
 * The request a handler of the declaration receives: params, query and body as its schemas parse them; an upload's
 * body is its text fields and the file (with the bytes as a Buffer).
 */
export type EndpointRequest<E extends EndpointDeclaration> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: E['requestFormat'] extends 'multipart' ? EndpointUpload<E, UploadedFile<Buffer>> : EndpointBody<E>;
}>;

type Awaitable<T> = T | Promise<T>;

/**
 * A handler bound to its declaration: it must return what the response schema accepts (or answer through the
 * reply itself, as file downloads do), so a handler that drifts from its declaration does not type-check.
 */
export type EndpointHandler<E extends EndpointDeclaration> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Awaitable<EndpointResult<E> | FastifyReply>;

/**
 * Route options the declaration does not carry: rate limits, body limits, extra hooks after the access check, and
 * the serializer of the success answer.
 */
export interface RouteExtras {
  config?: RouteOptions['config'];
  bodyLimit?: number;
  onRequest?: onRequestHookHandler | onRequestHookHandler[];
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  /**
   * Writes the 200 answer with fast-json-stringify, compiled once from the response schema's JSON Schema, instead
   * of zod's encode and JSON.stringify: for long lists, where checking every value costs more than the query (a
   * page of 50 appointments: 0.4 ms against 0.04 ms). The answer holds the same declared fields only; the handler's
   * type (EndpointHandler) stands in for the check of each value. Error answers keep zod.
   */
  schemaSerializer?: boolean;
}

/** The route's serializer compiler with schemaSerializer: fast-json-stringify for 200, zod for the rest. */
const schemaSerializerCompiler: RouteOptions['serializerCompiler'] = (route) => {
  if (String(route.httpStatus) !== '200') return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  const jsonSchema = z.toJSONSchema(route.schema as z.ZodType, { io: 'output', target: 'draft-7' });
  return fastJson(nullableAsKeyword(jsonSchema) as Parameters<typeof fastJson>[0]);
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract declaration a route was bound to (read by the route catalogue). */
    endpoint?: EndpointDeclaration;
  }
}

/** The access rule as an onRequest hook: before the body is parsed, so a visitor gets 401, not 400. */
function accessHook(declaration: EndpointDeclaration): onRequestHookHandler[] {
  const { access } = declaration;
  if (access.kind === 'public') return [];
  return [
    guard({
      ...(access.roles ? { roles: access.roles } : {}),
      ...(access.anyPrivilege ? { anyPrivilege: access.anyPrivilege } : {}),
    }),
  ];
}

/**
 * The need-to-know hooks of a declaration with `patientRecord` (plugins/patient-access.ts); none for the others. An
 * app without the plugin cannot bind such a declaration: it would answer patient records unchecked.
 */
function patientRecordHooks(app: FastifyInstance, declaration: EndpointDeclaration) {
  const rule = declaration.patientRecord;
  if (!rule) return undefined;
  if (!app.hasDecorator('patientAccess')) {
    throw new Error(`${declaration.method} ${declaration.path}: patientRecord braucht das Plugin patient-access`);
  }
  return app.patientAccess.hooksFor({ ...declaration, patientRecord: rule });
}

/** The audit hooks of a declaration with `patientList` (an answer about several patients); none for the others. */
function patientListHooks(app: FastifyInstance, declaration: EndpointDeclaration) {
  const rule = declaration.patientList;
  if (!rule) return undefined;
  if (declaration.patientRecord) {
    throw new Error(`${declaration.method} ${declaration.path}: patientRecord oder patientList, nicht beides`);
  }
  if (!app.hasDecorator('patientAccess')) {
    throw new Error(`${declaration.method} ${declaration.path}: patientList braucht das Plugin patient-access`);
  }
  return app.patientAccess.listHooksFor({ ...declaration, patientList: rule });
}

/** The Fastify schema (validation and OpenAPI) of a declaration. */
function schemaOf(declaration: EndpointDeclaration): FastifySchema {
  const errors = {
    ...Object.fromEntries((declaration.errors ?? []).map((status) => [status, errorEnvelopeSchema])),
    ...declaration.otherResponses,
  };
  const format = declaration.requestFormat ?? 'json';
  return {
    tags: [declaration.tag],
    summary: declaration.summary,
    ...(declaration.access.kind === 'login' ? { security: [{ bearer: [] }] } : {}),
    ...(declaration.params ? { params: declaration.params } : {}),
    ...(declaration.query ? { querystring: declaration.query } : {}),
    ...(declaration.body && format !== 'multipart' ? { body: declaration.body } : {}),
    ...(format === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
    ...(format === 'text' ? { consumes: ['text/plain'] } : {}),
    ...(declaration.fileType ? { produces: [declaration.fileType] } : {}),
    response:
      declaration.response && declaration.responseFormat !== 'file' ? { 200: declaration.response, ...errors } : errors,
  };
}

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The upload rule of a multipart declaration; a declaration that lacks it, or names two file fields, stops the app. */
function multipartRuleOf(declaration: EndpointDeclaration): MultipartRule | undefined {
  const rule = declaration.multipart;
  const multipartFormat = declaration.requestFormat === 'multipart';
  if (!multipartFormat && !rule) return undefined;
  if (!multipartFormat || !rule || (declaration.fileField ?? rule.file.field) !== rule.file.field) {
    throw new Error(`${declaration.method} ${declaration.path}: ein Upload wird mit multipartUpload() deklariert`);
  }
  return rule;
}

/**
 * Text is well-formed Unicode in NFC before any schema sees it: a string (or object key) with a lone surrogate in the
 * path parameters, the query or the body is a 400 naming the field; every other string is normalised to NFC, so
 * lengths are counted and text is stored in one form. Raw bodies (webhooks: a Buffer) pass untouched; an upload's
 * text fields get the same in readUpload.
 */
const wellFormedHook: preValidationAsyncHookHandler = async (request) => {
  request.params = wellFormedText(request.params);
  request.query = wellFormedText(request.query);
  request.body = wellFormedText(request.body);
};

/** Reads the upload into request.body before the handler: after the access and need-to-know checks. */
const uploadHook =
  (rule: MultipartRule): preHandlerHookHandler =>
  async (request) => {
    request.body = await readUpload(request, rule);
  };

/**
 * Registers the handler of one contract declaration: path, schemas, access check and OpenAPI from one place. An
 * upload (`multipartUpload`) gets its own scope with the multipart parser and the declared limits: a body longer
 * than the file allows is refused before it is read, and the parts are read into request.body once the caller is
 * admitted.
 */
export function route<E extends EndpointDeclaration>(
  app: AppInstance | FastifyInstance,
  declaration: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const patient = patientRecordHooks(app as FastifyInstance, declaration);
  const list = patientListHooks(app as FastifyInstance, declaration);
  const upload = multipartRuleOf(declaration);
  const consent = consentHook(app as FastifyInstance, declaration);
  const preHandler = [
    ...(patient?.preHandler ?? []),
    ...(upload ? [uploadHook(upload)] : []),
    ...(consent ? [consent] : []),
    ...asArray(extras.preHandler),
  ];
  const options: RouteOptions = {
    method: declaration.method,
    url: routePattern(declaration),
    schema: schemaOf(declaration),
    config: { ...extras.config, endpoint: declaration },
    ...(extras.bodyLimit !== undefined ? { bodyLimit: extras.bodyLimit } : {}),
    // an oversized upload is refused first, as soon as its length is known; the need-to-know check starts after the
    // access rule: roles that rule refuses never reach it
    onRequest: [
      ...(upload ? [refuseOversizedUpload(upload)] : []),
      ...accessHook(declaration),
      ...(patient ? [patient.onRequest] : []),
      ...(list ? [list.onRequest] : []),
      ...asArray(extras.onRequest),
    ],
    preValidation: wellFormedHook,
    ...(preHandler.length ? { preHandler } : {}),
    ...(patient ? { onSend: patient.onSend, onResponse: patient.onResponse } : {}),
    ...(list ? { onSend: list.onSend, onResponse: list.onResponse } : {}),
    ...(extras.schemaSerializer ? { serializerCompiler: schemaSerializerCompiler } : {}),
    handler: handler as unknown as RouteOptions['handler'],
  };
  if (!upload) {
    (app as FastifyInstance).route(options);
    return;
  }
  // the multipart parser in a scope of its own: the other routes keep refusing form data (415)
  void (app as FastifyInstance).register(async (scope) => {
    await scope.register(multipart, multipartOptions(upload));
    scope.route(options);
  });
}

/** One row of the route catalogue: every route the app registered, with the declaration it was bound to. */
export interface CatalogEntry {
  method: string;
  url: string;
  endpoint: EndpointDeclaration | undefined;
}

/**
 * Collects every route registered after it (in every scope: onRoute hooks are inherited), so a test can check that
 * each /api route is bound to a declaration and each declaration to a route.
 */
export function collectRouteCatalog(app: FastifyInstance): CatalogEntry[] {
  const catalog: CatalogEntry[] = [];
  app.addHook('onRoute', (options) => {
    for (const method of asArray(options.method)) {
      if (method === 'HEAD') continue;
      catalog.push({ method, url: options.url, endpoint: options.config?.endpoint });
    }
  });
  return catalog;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered, with its declaration (see collectRouteCatalog). */
    routeCatalog: CatalogEntry[];
  }
}
