import type { TerminPage } from '@dihs/contract/termin';
import { CappedPagination } from './capped-pagination.tsx';

interface TerminPaginationProps {
  data: TerminPage;
  page: number;
  size: number;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
}

/** The pager of the appointment lists (the server's total is bounded: totalCapped). */
export function TerminPagination({ data, ...paging }: TerminPaginationProps) {
  return (
    <CappedPagination total={data.total} capped={data.totalCapped ?? false} sizeLabel="Termine je Seite:" {...paging} />
  );
}
