import type {
  DataTag,
  EndpointAnswer,
  EndpointDeclaration,
  EndpointInput,
  EndpointNeedsInput,
} from '@dihs/contract/common/endpoint';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint, onDataChanged, type CallArgs, type CallOptions } from './endpoint-client.ts';
import { useViewerKey } from './session-context.ts';

/** Everything of useQuery's options except what the declaration decides (key and fetcher). */
export type QueryTuning<T> = Omit<UseQueryOptions<T, Error, T, readonly unknown[]>, 'queryKey' | 'queryFn'>;

/**
 * The query key of an endpoint: its path first (so one invalidation reaches every input and viewer), then the
 * viewer (one viewer never sees another's cached answer), then the input. Two screens that read the same endpoint
 * with the same input share one cache entry.
 */
export function endpointKey(declaration: EndpointDeclaration, viewer?: string, input?: unknown): readonly unknown[] {
  if (declaration.reads) readsByPath.set(declaration.path, declaration.reads);
  return viewer === undefined ? [declaration.path] : [declaration.path, viewer, input ?? null];
}

/** What the answers of each GET path keyed so far show (its declaration's `reads`): every cached answer's path is. */
const readsByPath = new Map<string, readonly DataTag[]>();

/**
 * After a call that changes data (its declaration's `changes`), every cached answer that shows some of it is read
 * again (see DataTag): whichever feature asked for it.
 */
function useFollowDataChanges() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onDataChanged((changed) => {
        void queryClient.invalidateQueries({
          predicate: ({ queryKey }) =>
            readsByPath.get(queryKey[0] as string)?.some((tag) => changed.includes(tag)) ?? false,
        });
      }),
    [queryClient],
  );
}

/** Renders nothing; follows the data changes for the query client it is placed under (see useFollowDataChanges). */
export function FollowDataChanges(): null {
  useFollowDataChanges();
  return null;
}

/** The one query-options factory for a GET endpoint: key and fetcher from its declaration. */
export function endpointQuery<E extends EndpointDeclaration>(
  declaration: E,
  viewer: string,
  ...[input, options]: CallArgs<E>
) {
  return queryOptions({
    queryKey: endpointKey(declaration, viewer, input),
    queryFn: ({ signal }): Promise<EndpointAnswer<E>> =>
      callEndpoint(declaration, ...([input ?? {}, { ...options, signal }] as CallArgs<E>)),
  });
}

/** Reads a GET endpoint for the current viewer. */
export function useEndpointQuery<E extends EndpointDeclaration>(
  declaration: E,
  input: EndpointInput<E> | undefined,
  tuning: QueryTuning<EndpointAnswer<E>> = {},
) {
  const viewer = useViewerKey();
  return useQuery({ ...endpointQuery(declaration, viewer, ...([input] as CallArgs<E>)), ...tuning });
}

/** Marks every cached answer of the endpoints stale (all inputs, all viewers). */
export const invalidateEndpoints = (queryClient: QueryClient, ...declarations: EndpointDeclaration[]) =>
  Promise.all(declarations.map((d) => queryClient.invalidateQueries({ queryKey: endpointKey(d) })));

/**
 * A mutation of one endpoint; on success the listed endpoints' answers are refetched. Pass `toInput` when the
 * mutation's variables are not the endpoint's input itself.
 */
/** A mutation's variables by default: the endpoint's input, or nothing for an endpoint without one. */
type DefaultVariables<E extends EndpointDeclaration> = EndpointNeedsInput<E> extends true ? EndpointInput<E> : void;

export function useEndpointMutation<E extends EndpointDeclaration, V = DefaultVariables<E>>(
  declaration: E,
  {
    invalidates = [],
    toInput = (variables: V) => (variables ?? {}) as unknown as EndpointInput<E>,
    callOptions,
    ...options
  }: {
    invalidates?: EndpointDeclaration[];
    toInput?: (variables: V) => EndpointInput<E>;
    callOptions?: CallOptions;
  } & Omit<UseMutationOptions<EndpointAnswer<E>, Error, V>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<EndpointAnswer<E>, Error, V>({
    ...options,
    mutationFn: (variables) => callEndpoint(declaration, ...([toInput(variables), callOptions] as CallArgs<E>)),
    onSuccess: async (data, variables, result, context) => {
      await invalidateEndpoints(queryClient, ...invalidates);
      await options.onSuccess?.(data, variables, result, context);
    },
  });
}
