import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { TableScrollRegion } from '../../../components/table-scroll-region.tsx';

/** One column of an access log: its heading and what a row shows in it. */
export interface ZugriffSpalte<T> {
  titel: string;
  wert: (entry: T) => ReactNode;
  /** The time column: kept on one line. */
  nowrap?: boolean;
}

interface ZugriffeTabelleProps<T extends { id: number }> {
  /** The table's name for screen readers. */
  label: string;
  spalten: readonly ZugriffSpalte<T>[];
  /** One page of entries and the count of all, as the API answers. */
  seite: { eintraege: readonly T[]; gesamt: number };
  page: number;
  size: number;
  /** The page sizes offered; one size offers no choice. */
  sizes: readonly number[];
  onPage: (page: number) => void;
  /** A size chosen from `sizes` (the caller goes back to the first page). */
  onSize?: (size: number) => void;
}

/** A page of an access log (the operator's log, a patient's own accesses) with its pagination. */
export function ZugriffeTabelle<T extends { id: number }>({
  label,
  spalten,
  seite,
  page,
  size,
  sizes,
  onPage,
  onSize,
}: ZugriffeTabelleProps<T>) {
  return (
    <>
      <TableScrollRegion label={label}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {spalten.map((spalte) => (
                <TableCell key={spalte.titel}>{spalte.titel}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {seite.eintraege.map((entry) => (
              <TableRow key={entry.id}>
                {spalten.map((spalte) => (
                  <TableCell key={spalte.titel} sx={spalte.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                    {spalte.wert(entry)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScrollRegion>
      <TablePagination
        component="div"
        count={seite.gesamt}
        page={page}
        rowsPerPage={size}
        rowsPerPageOptions={[...sizes]}
        onPageChange={(_, next) => onPage(next)}
        onRowsPerPageChange={onSize && ((event) => onSize(Number(event.target.value)))}
      />
    </>
  );
}
