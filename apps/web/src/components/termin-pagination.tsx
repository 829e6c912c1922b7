import TablePagination from '@mui/material/TablePagination';
import type { TerminPage } from '@dihs/contract/termin';

export const TERMIN_PAGE_SIZES = [25, 50, 100];

interface TerminPaginationProps {
  data: TerminPage;
  page: number;
  size: number;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
}

/**
 * The pager of the appointment lists. The server counts at most 1,000 rows past the page (totalCapped), so then the
 * end is unknown: MUI's count -1 keeps "next" enabled and the label says "mehr als".
 */
export function TerminPagination({ data, page, size, onPageChange, onSizeChange }: TerminPaginationProps) {
  return (
    <TablePagination
      component="div"
      count={data.totalCapped ? -1 : data.total}
      page={page}
      rowsPerPage={size}
      rowsPerPageOptions={TERMIN_PAGE_SIZES}
      labelRowsPerPage="Termine je Seite:"
      labelDisplayedRows={({ from, to, count }) =>
        `${from}–${to} von ${count === -1 ? `mehr als ${data.total}` : count}`
      }
      onPageChange={(_, next) => onPageChange(next)}
      onRowsPerPageChange={(event) => onSizeChange(Number(event.target.value))}
    />
  );
}
