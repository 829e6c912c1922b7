import Pagination from '@mui/material/Pagination';

interface SeitenPaginationProps {
  /** How many pages there are. */
  count: number;
  /** The page shown, from 0. */
  page: number;
  onPage: (page: number) => void;
}

/** Page buttons of a list with German names ("Seite 2", "Nächste Seite", "Vorige Seite"). */
export function SeitenPagination({ count, page, onPage }: SeitenPaginationProps) {
  return (
    <Pagination
      count={count}
      page={page + 1}
      onChange={(_, next) => onPage(next - 1)}
      getItemAriaLabel={(type, item) =>
        type === 'page' ? `Seite ${item}` : type === 'next' ? 'Nächste Seite' : 'Vorige Seite'
      }
    />
  );
}
