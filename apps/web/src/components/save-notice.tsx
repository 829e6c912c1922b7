import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import TableRow, { type TableRowProps } from '@mui/material/TableRow';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

/*
 * Every save that closes a dialog says so (issue 32 item 2): one snackbar for the whole app names what was saved,
 * and the list the dialog belongs to marks the saved row. MUI's Snackbar is the library; notistack 3, the usual
 * queue on top of it, declares React 18 at most as its peer, and one message at a time is all a dialog's save needs.
 */

type RowId = number | string;

/** What a save reports: the text of the snackbar and, when the object is a row of a list, which row. */
export interface SaveNotice {
  text: string;
  /** The list's name (any stable key, e.g. "termine") and the saved row's id there; several for one save of many. */
  row?: { list: string; id: RowId | readonly RowId[] };
}

interface SaveNoticeState {
  notify: (notice: SaveNotice) => void;
  marked: SaveNotice['row'] | null;
  clearMark: (list: string) => void;
}

// Without a provider (a component test of one dialog) a save says nothing and marks nothing.
const SaveNoticeContext = createContext<SaveNoticeState>({
  notify: () => undefined,
  marked: null,
  clearMark: () => undefined,
});

/** How long the snackbar stays: long enough to read a name, short enough not to cover the next action. */
const SHOWN_MS = 6000;

/** The app's one save snackbar and the marked row; wraps the router. */
export function SaveNoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<SaveNotice | null>(null);
  const [open, setOpen] = useState(false);
  const [marked, setMarked] = useState<SaveNotice['row'] | null>(null);
  // a second save while the first message shows replaces it: the key remounts the alert so it is announced again
  const [seq, setSeq] = useState(0);

  const notify = useCallback((next: SaveNotice) => {
    setNotice(next);
    setMarked(next.row ?? null);
    setSeq((n) => n + 1);
    setOpen(true);
  }, []);
  const clearMark = useCallback(
    (list: string) => setMarked((current) => (current?.list === list ? null : current)),
    [],
  );
  const value = useMemo(() => ({ notify, marked, clearMark }), [notify, marked, clearMark]);

  return (
    <SaveNoticeContext value={value}>
      {children}
      <Snackbar
        key={seq}
        open={open}
        autoHideDuration={SHOWN_MS}
        onClose={(_, reason) => {
          if (reason !== 'clickaway') setOpen(false);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" onClose={() => setOpen(false)} sx={{ width: '100%' }}>
          {notice?.text}
        </Alert>
      </Snackbar>
    </SaveNoticeContext>
  );
}

/** Says a save in the snackbar and marks its row; for a save that leaves the dialog some other way (navigates). */
export const useSaveNotice = (): ((notice: SaveNotice) => void) => useContext(SaveNoticeContext).notify;

/**
 * What a dialog's save calls on success: the snackbar says `notice`, its row is marked, and the dialog closes
 * (`close`), in that order so the message outlives the dialog.
 */
export function useSavedAndClose(close: () => void): (notice: SaveNotice) => void {
  const notify = useSaveNotice();
  return useCallback(
    (notice: SaveNotice) => {
      notify(notice);
      close();
    },
    [notify, close],
  );
}

/** The ids of the rows of `list` saved last, while the page that calls this stays open; none otherwise. */
export function useSavedRows(list: string): readonly RowId[] {
  const { marked, clearMark } = useContext(SaveNoticeContext);
  // leaving the page forgets the mark, so coming back later shows the list as it is
  useEffect(() => () => clearMark(list), [list, clearMark]);
  if (marked?.list !== list) return [];
  return typeof marked.id === 'object' ? marked.id : [marked.id];
}

/** The id of the row of `list` saved last, while the page that calls this stays open; null otherwise. */
export function useSavedRow(list: string): RowId | null {
  return useSavedRows(list)[0] ?? null;
}

/** The text of a save: 'Termin „Rücken, 12.03.2027“ wurde angelegt.' or '… wurde gespeichert.' */
export const savedText = (kind: string, name: string, created: boolean): string =>
  `${kind} „${name}“ wurde ${created ? 'angelegt' : 'gespeichert'}.`;

/**
 * A table row that shows it was just saved: selected (coloured) with a bar at its start, scrolled into view, and
 * described as "Gerade gespeichert" to screen readers.
 */
export function SavedRow({ marked, children, ...props }: Omit<TableRowProps, 'sx'> & { marked: boolean }) {
  const ref = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    if (marked) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [marked]);
  return (
    <TableRow
      ref={ref}
      selected={marked}
      data-gespeichert={marked ? 'true' : undefined}
      aria-description={marked ? 'Gerade gespeichert' : undefined}
      sx={
        marked
          ? { '& > :first-of-type': { boxShadow: (theme) => `inset 4px 0 ${theme.palette.primary.main}` } }
          : undefined
      }
      {...props}
    >
      {children}
    </TableRow>
  );
}
