import Alert from '@mui/material/Alert';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadingIndicator } from './loading-indicator.tsx';

/** An appointment list's query: the spinner while it loads, the error text if it failed, else `children` with the data. */
export function TermineQuery<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <LoadingIndicator label="Termine werden geladen" />;
  if (query.isError) return <Alert severity="error">Die Termine konnten nicht geladen werden.</Alert>;
  return <>{children(query.data)}</>;
}
