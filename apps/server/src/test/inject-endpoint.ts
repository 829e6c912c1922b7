import type { EndpointDeclaration, EndpointInput } from '@dihs/contract/common/endpoint';
import { API_PREFIX, apiUrl, routePattern } from '@dihs/contract/common/endpoint';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AppInstance } from '../app-types.ts';

/** Test input: like a caller's, but any shape (tests send bad input on purpose), plus headers. */
export type InjectInput<E extends EndpointDeclaration> = Partial<Record<keyof EndpointInput<E>, unknown>> & {
  /** The Authorization header value ('Bearer …'), as TestApp.bearer answers it. */
  authorization?: string;
  headers?: InjectOptions['headers'];
  /** A raw body (string or buffer) instead of JSON. */
  payload?: InjectOptions['payload'];
};

/**
 * Calls an endpoint through app.inject by its declaration, so a test names the endpoint, not a path string. Bad
 * input is allowed on purpose: params and query are filled in as given.
 */
export function injectEndpoint<E extends EndpointDeclaration>(
  app: AppInstance,
  declaration: E,
  input: InjectInput<E> = {},
): Promise<LightMyRequestResponse> {
  const { authorization, headers, payload, body } = input as InjectInput<E> & { body?: unknown };
  return app.inject({
    method: declaration.method,
    url: apiUrl(declaration, input),
    headers: { ...(authorization ? { authorization } : {}), ...headers },
    ...(payload !== undefined ? { payload } : body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
  });
}

/** The path of a declaration as OpenAPI writes it ('/api/firma/eine/patient/{id}'). */
export const openApiPath = (declaration: EndpointDeclaration): string =>
  routePattern(declaration).replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** An address under /api that no declaration has, for the answer to an unknown route. */
export const UNKNOWN_API_PATH = `${API_PREFIX}/gibt/es/nicht`;
