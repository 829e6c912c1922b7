import TablePagination from '@mui/material/TablePagination';

/** The page sizes the paged lists offer (the servers' default is 50). */
export const LIST_PAGE_SIZES = [25, 50, 100] as const;

interface CappedPaginationProps {
  /** Rows the server counted; with `capped`, more match than that. */
  total: number;
  capped: boolean;
  page: number;
  size: number;
  /** "Termine je Seite:" */
  sizeLabel: string;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
}

/**
 * The pager of a list whose server counts at most 1,000 rows past the page (a bounded total): then the end is
 * unknown, MUI's count -1 keeps "next" enabled and the label says "mehr als".
 */
export function CappedPagination({
  total,
  capped,
  page,
  size,
  sizeLabel,
  onPageChange,
  onSizeChange,
}: CappedPaginationProps) {
  return (
    <TablePagination
      component="div"
      count={capped ? -1 : total}
      page={page}
      rowsPerPage={size}
      rowsPerPageOptions={[...LIST_PAGE_SIZES]}
      labelRowsPerPage={sizeLabel}
      labelDisplayedRows={({ from, to, count }) => `${from}–${to} von ${count === -1 ? `mehr als ${total}` : count}`}
      onPageChange={(_, next) => onPageChange(next)}
      onRowsPerPageChange={(event) => onSizeChange(Number(event.target.value))}
    />
  );
}
