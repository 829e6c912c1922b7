import type {
  EndpointAnswer,
  EndpointDeclaration,
  EndpointInput,
  EndpointNeedsInput,
} from '@dihs/contract/common/endpoint';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { apiRequest, type ApiRequest } from './api-client.ts';

/** Per-call options that are not part of the declaration. */
export type CallOptions = Pick<ApiRequest<unknown>, 'signal' | 'keepSessionOn401' | 'auth' | 'bearer'>;

/** The arguments after the declaration: the input is required exactly when the declaration has params, query or body. */
export type CallArgs<E extends EndpointDeclaration> =
  EndpointNeedsInput<E> extends true
    ? [input: EndpointInput<E>, options?: CallOptions]
    : [input?: EndpointInput<E>, options?: CallOptions];

/**
 * Calls an endpoint of the contract: fills the path, sends the body in the declared format, checks a JSON answer
 * against the declared response schema. The one way the web app talks to the server.
 */
export function callEndpoint<E extends EndpointDeclaration>(
  declaration: E,
  ...[input, options = {}]: CallArgs<E>
): Promise<EndpointAnswer<E>> {
  const { body } = (input ?? {}) as { body?: unknown };
  const format = declaration.requestFormat ?? 'json';
  const request: ApiRequest<EndpointAnswer<E>> = {
    method: declaration.method,
    ...options,
    ...(body === undefined
      ? {}
      : format === 'multipart'
        ? { form: body as FormData }
        : format === 'text'
          ? { text: body as string }
          : { json: body }),
    ...(declaration.responseFormat === 'file'
      ? { blob: true }
      : declaration.response
        ? { schema: declaration.response as { parse(data: unknown): EndpointAnswer<E> } }
        : {}),
  };
  return apiRequest(apiUrl(declaration, input ?? {}), request);
}
