import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { Key, ReactNode } from 'react';
import { LoadingIndicator } from './loading-indicator.tsx';

export interface ShopGridProps<T> {
  /** The bookable packages; undefined while loading or after a failure. */
  items: readonly T[] | undefined;
  isPending: boolean;
  isError: boolean;
  loadingLabel: string;
  errorText: string;
  /** Said when nothing is bookable. */
  emptyText: string;
  keyOf: (item: T) => Key;
  /** The card of one package. */
  children: (item: T) => ReactNode;
}

/** A shop's packages as cards, one to three per row, with its loading, error and empty states. */
export function ShopGrid<T>({
  items,
  isPending,
  isError,
  loadingLabel,
  errorText,
  emptyText,
  keyOf,
  children,
}: ShopGridProps<T>) {
  if (isPending) return <LoadingIndicator label={loadingLabel} />;
  if (isError || !items) return <Alert severity="error">{errorText}</Alert>;
  if (items.length === 0) return <Typography color="text.secondary">{emptyText}</Typography>;
  return (
    <Grid container spacing={3}>
      {items.map((item) => (
        <Grid key={keyOf(item)} size={{ xs: 12, sm: 6, md: 4 }}>
          {children(item)}
        </Grid>
      ))}
    </Grid>
  );
}
