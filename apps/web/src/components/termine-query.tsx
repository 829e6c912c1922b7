import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryState } from './query-state.tsx';

/** An appointment list's query: the spinner while it loads, the error text if it failed, else `children` with the data. */
export function TermineQuery<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  return (
    <QueryState query={query} loading="Termine werden geladen" failed="Die Termine konnten nicht geladen werden.">
      {children}
    </QueryState>
  );
}
