import Alert from '@mui/material/Alert';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadingIndicator } from './loading-indicator.tsx';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** What the spinner tells a screen reader: "Abo wird geladen". */
  loading: string;
  /** The sentence shown when loading failed: "Das Abo konnte nicht geladen werden." */
  failed: string;
  children: (data: T) => ReactNode;
}

/** A query's three states in one place: the spinner while it loads, the German error if it failed, else the data. */
export function QueryState<T>({ query, loading, failed, children }: QueryStateProps<T>) {
  if (query.isPending) return <LoadingIndicator label={loading} />;
  if (query.isError) return <Alert severity="error">{failed}</Alert>;
  return <>{children(query.data)}</>;
}
