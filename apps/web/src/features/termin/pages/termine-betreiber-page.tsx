import { TERMIN_MESSAGES, TERMINTYPEN, type Termin, type Termintyp } from '@dihs/contract/termin';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { TerminPagination } from '../../../components/termin-pagination.tsx';
import { TermineQuery } from '../../../components/termine-query.tsx';
import { TermintypCheckboxes } from '../../../components/termintyp-checkboxes.tsx';
import { useBetreiberTermin, useBetreiberTermine } from '../api/termine-betreiber-api.ts';
import { TERMINE_LIST, TerminFormDialog } from '../components/termin-form-dialog.tsx';
import { TERMIN_COLUMNS, TerminRow } from '../components/termin-row.tsx';
import { useSavedRow } from '../../../components/save-notice.tsx';
import { filterDay, FILTER_ORDER, passesFilter, toggleTyp } from '../type-filter.ts';
import { TextPicker } from '../../../components/text-date-pickers.tsx';

type Editing = { kind: 'new' } | { kind: 'edit'; termin: Termin } | null;

function TerminTableHead() {
  return (
    <TableHead>
      <TableRow>
        {TERMIN_COLUMNS.map((column) => (
          <TableCell key={column}>{column}</TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

/**
 * The appointment just saved when the list's page does not hold it (outside the filter, or on another page): it is
 * shown above the list, marked, while the page stays open; the filter the operator set is left as it is.
 */
function GespeicherterTermin({
  termin,
  imFilter,
  onEdit,
}: {
  termin: Termin;
  imFilter: boolean;
  onEdit: (termin: Termin) => void;
}) {
  return (
    <Box component="section" aria-label="Gerade gespeicherter Termin" sx={{ mb: 3 }}>
      <Alert severity="info" sx={{ mb: 1 }}>
        {imFilter
          ? 'Der gespeicherte Termin steht auf einer anderen Seite der Liste; hier sehen Sie ihn, bis Sie die Seite verlassen.'
          : 'Der gespeicherte Termin passt nicht zum gewählten Filter; hier sehen Sie ihn, bis Sie die Seite verlassen.'}
      </Alert>
      <TableContainer>
        <Table aria-label="Gerade gespeicherter Termin" size="small">
          <TerminTableHead />
          <TableBody>
            <TerminRow termin={termin} marked onEdit={onEdit} />
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

/** /betreiber/termine: the operator's appointment list with type filter, paging, form and status changes. */
export function TermineBetreiberPage() {
  const [typen, setTypen] = useState<readonly Termintyp[]>(TERMINTYPEN);
  const [von, setVon] = useState('');
  const [bis, setBis] = useState('');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(50);
  const [editing, setEditing] = useState<Editing>(null);
  // an unreadable day or a reversed range is not sent: the list keeps its last answer and the field says why
  const [range, setRange] = useState({ von: '', bis: '' });
  const vonDay = filterDay(von);
  const bisDay = filterDay(bis);
  const rangeError = vonDay && bisDay && bisDay < vonDay ? TERMIN_MESSAGES.datumsbereich : undefined;
  const termine = useBetreiberTermine({ typen, ...range, page, size });
  const changeRange = (next: { von: string; bis: string }) => {
    setVon(next.von);
    setBis(next.bis);
    const nextVon = filterDay(next.von);
    const nextBis = filterDay(next.bis);
    if (nextVon !== null && nextBis !== null && !(nextVon && nextBis && nextBis < nextVon)) {
      setRange({ von: nextVon, bis: nextBis });
      setPage(0);
    }
  };
  const close = useCallback(() => setEditing(null), []);
  const saved = useSavedRow(TERMINE_LIST);
  const savedId = typeof saved === 'number' ? saved : null;
  // asked for once the list has its fresh answer and that page does not hold the saved appointment
  const aufDieserSeite = termine.data?.items.some((termin) => termin.id === savedId) ?? false;
  const gespeichert = useBetreiberTermin(savedId, termine.isSuccess && !termine.isFetching && !aufDieserSeite);
  const edit = useCallback((termin: Termin) => setEditing({ kind: 'edit', termin }), []);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography variant="h1" sx={{ mr: 'auto' }}>
          Termine editieren
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'new' })}>
          Termin hinzufügen
        </Button>
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1 }}>
          <TermintypCheckboxes
            order={FILTER_ORDER}
            selected={typen}
            onToggle={(typ) => {
              setTypen((current) => toggleTyp(current, typ));
              setPage(0);
            }}
          />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', my: 1 }}>
            <TextPicker
              kind="datum"
              size="small"
              label="Von"
              text={von}
              onText={(text) => changeRange({ von: text, bis })}
              error={vonDay === null}
              helperText={vonDay === null ? TERMIN_MESSAGES.datumFormat : undefined}
            />
            <TextPicker
              kind="datum"
              size="small"
              label="Bis"
              text={bis}
              onText={(text) => changeRange({ von, bis: text })}
              error={bisDay === null || Boolean(rangeError)}
              helperText={bisDay === null ? TERMIN_MESSAGES.datumFormat : rangeError}
            />
          </Box>
          <Link
            component="button"
            type="button"
            onClick={() => {
              setTypen(TERMINTYPEN);
              changeRange({ von: '', bis: '' });
              setPage(0);
            }}
          >
            Filter zurücksetzen
          </Link>
        </Box>
        {gespeichert.data && gespeichert.data.id === savedId && !aufDieserSeite && (
          <GespeicherterTermin
            termin={gespeichert.data}
            imFilter={passesFilter(gespeichert.data, typen, range)}
            onEdit={edit}
          />
        )}
        <TermineQuery query={termine}>
          {(data) => (
            <>
              <TableContainer>
                <Table aria-label="Termine" size="small">
                  <TerminTableHead />
                  <TableBody>
                    {data.items.length === 0 ? (
                      <TableRow>
                        <TableCell colSpan={TERMIN_COLUMNS.length}>Keine Termine gefunden</TableCell>
                      </TableRow>
                    ) : (
                      data.items.map((termin) => (
                        <TerminRow key={termin.id} termin={termin} marked={savedId === termin.id} onEdit={edit} />
                      ))
                    )}
                  </TableBody>
                </Table>
              </TableContainer>
              <TerminPagination
                data={data}
                page={page}
                size={size}
                onPageChange={setPage}
                onSizeChange={(next) => {
                  setSize(next);
                  setPage(0);
                }}
              />
            </>
          )}
        </TermineQuery>
      </Paper>
      {editing?.kind === 'new' && <TerminFormDialog termin={null} onClose={close} />}
      {editing?.kind === 'edit' && <TerminFormDialog key={editing.termin.id} termin={editing.termin} onClose={close} />}
    </Container>
  );
}
