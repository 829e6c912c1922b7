import type {
  DataTag,
  EndpointAnswer,
  EndpointDeclaration,
  EndpointInput,
  EndpointNeedsInput,
} from '@dihs/contract/common/endpoint';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { apiRequest, isApiError, type ApiRequest } from './api-client.ts';

/** Per-call options that are not part of the declaration. */
export type CallOptions = Pick<ApiRequest<unknown>, 'signal' | 'keepSessionOn401' | 'auth' | 'bearer'>;

/** The arguments after the declaration: the input is required exactly when the declaration has params, query or body. */
export type CallArgs<E extends EndpointDeclaration> =
  EndpointNeedsInput<E> extends true
    ? [input: EndpointInput<E>, options?: CallOptions]
    : [input?: EndpointInput<E>, options?: CallOptions];

/**
 * The form data of an upload: the text fields as given (left out when undefined), then the file under the field
 * name the declaration gives it.
 */
function uploadForm(declaration: EndpointDeclaration, body: { file: Blob } & Record<string, unknown>): FormData {
  if (!declaration.multipart) throw new Error(`${declaration.method} ${declaration.path}: kein Upload deklariert`);
  const { file, ...fields } = body;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (typeof value === 'string') form.append(name, value);
  form.append(declaration.multipart.file.field, file);
  return form;
}

/**
 * Calls an endpoint of the contract: fills the path, sends the body in the declared format (an upload as form data
 * built from the declaration), checks a JSON answer against the declared response schema. The one way the web app
 * talks to the server.
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
        ? { form: uploadForm(declaration, body as { file: Blob } & Record<string, unknown>) }
        : format === 'text'
          ? { text: body as string }
          : { json: body }),
    ...(declaration.responseFormat === 'file'
      ? { blob: true }
      : declaration.response
        ? { schema: declaration.response as { parse(data: unknown): EndpointAnswer<E> } }
        : {}),
  };
  const answer = apiRequest(apiUrl(declaration, input ?? {}), request);
  const { changes } = declaration;
  if (!changes?.length) return answer;
  return answer.then(
    (value) => {
      announceChanges(changes);
      return value;
    },
    (error: unknown) => {
      // a refusal may mean the page showed what is no longer so (a seat taken meanwhile); a refused session (401)
      // is repeated after the new login instead
      if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401) {
        announceChanges(changes);
      }
      throw error;
    },
  );
}

type ChangeListener = (changed: readonly DataTag[]) => void;
const changeListeners = new Set<ChangeListener>();

const announceChanges = (changed: readonly DataTag[]) => {
  for (const listener of changeListeners) listener(changed);
};

/**
 * Hears every call of a declaration with `changes` once it answered (or was refused): the query cache reads the
 * answers that show those data again (useFollowDataChanges). Answers the unsubscribe.
 */
export function onDataChanged(listener: ChangeListener): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}
