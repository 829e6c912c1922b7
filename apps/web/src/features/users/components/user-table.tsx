import { BENUTZER_TEXTS, type BenutzerZeile } from '@dihs/contract/users';
import { PRIVILEGE_LABELS, privilegeFromCode } from '@dihs/contract/common/roles';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Fragment, useState } from 'react';
import { ButtonLink } from '../../../components/button-link.tsx';

const ROWS_PER_PAGE = [25, 50, 100];

function privilegeLabels(codes: readonly number[]): string[] {
  return codes.flatMap((code) => {
    const privilege = privilegeFromCode(code);
    return privilege ? [PRIVILEGE_LABELS[privilege]] : [];
  });
}

function PrivilegeChips({ codes }: { codes: readonly number[] }) {
  const labels = privilegeLabels(codes);
  if (labels.length === 0) return null;
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {labels.map((label) => (
        <Chip key={label} label={label} size="small" />
      ))}
    </Stack>
  );
}

function StatusChip({ active }: { active: boolean }) {
  return (
    <Chip
      label={active ? BENUTZER_TEXTS.aktiv : BENUTZER_TEXTS.gesperrt}
      color={active ? 'success' : 'error'}
      variant="outlined"
      size="small"
    />
  );
}

/**
 * An address may break after "@" and after dots only, so a narrow column wraps it into readable pieces instead of
 * letter by letter (which `word-break: break-all` did); a single overlong piece still breaks as a last resort.
 */
function BreakableEmail({ email }: { email: string }) {
  return email.split(/(?<=[@.])/).map((piece, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {piece}
    </Fragment>
  ));
}

const EMAIL_SX = { overflowWrap: 'break-word' } as const;

const nameOf = (entry: BenutzerZeile): string => `${entry.vorname} ${entry.nachname}`.trim();
const statusOf = (entry: BenutzerZeile): string => (entry.active ? BENUTZER_TEXTS.aktiv : BENUTZER_TEXTS.gesperrt);

/**
 * Whether the row matches every word of the search, each in its name, e-mail, company or status (issue 32 item 5):
 * "fiona firma" finds Fiona Firmenpatientin, "gesperrt" the locked accounts. The whole list is loaded, so the search
 * runs here as the operator types.
 */
export function matchesSearch(entry: BenutzerZeile, search: string): boolean {
  const haystack = [nameOf(entry), entry.email, entry.firma ?? '', statusOf(entry)].join('\n').toLocaleLowerCase('de');
  return search
    .toLocaleLowerCase('de')
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** The name, or a grey note for an account whose person has not entered one yet. */
function NameText({ entry }: { entry: BenutzerZeile }) {
  const name = nameOf(entry);
  return name ? (
    <span>{name}</span>
  ) : (
    <Typography component="span" variant="body2" color="text.secondary">
      Kein Name angegeben
    </Typography>
  );
}

/**
 * The users of one role: Name, E-Mail, Firma, Berechtigungen (chips), Status, Profil link (spec 3, section 2; name and
 * company: issue 32 item 5). On a phone the columns do not fit: everything but the link shares the first column
 * ("Benutzer"), the link keeps its own.
 */
export function UserTable({ entries, caption }: { entries: readonly BenutzerZeile[]; caption: string }) {
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(ROWS_PER_PAGE[0] ?? 25);

  const shown = filter.trim() ? entries.filter((entry) => matchesSearch(entry, filter)) : entries;
  const lastPage = Math.max(0, Math.ceil(shown.length / rowsPerPage) - 1);
  const currentPage = Math.min(page, lastPage);
  const rows = shown.slice(currentPage * rowsPerPage, (currentPage + 1) * rowsPerPage);

  return (
    <>
      <TextField
        label="Suchen (Name, E-Mail, Firma, Status)"
        type="search"
        size="small"
        value={filter}
        onChange={(event) => {
          setFilter(event.target.value);
          setPage(0);
        }}
        sx={{ mb: 2, width: { xs: '100%', sm: 420 } }}
      />
      <TableContainer>
        <Table size="small" aria-label={caption}>
          <TableHead>
            {compact ? (
              <TableRow>
                <TableCell>Benutzer</TableCell>
                <TableCell>Profil</TableCell>
              </TableRow>
            ) : (
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>E-Mail</TableCell>
                <TableCell>Firma</TableCell>
                <TableCell>Berechtigungen</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Profil</TableCell>
              </TableRow>
            )}
          </TableHead>
          <TableBody>
            {rows.map((entry) => {
              const profil = (
                <ButtonLink
                  to={`/profil/${entry.id}`}
                  size="small"
                  aria-label={`Profil von ${nameOf(entry) || entry.email}`}
                >
                  Profil
                </ButtonLink>
              );
              return compact ? (
                <TableRow key={entry.id} hover>
                  <TableCell sx={EMAIL_SX}>
                    <Stack spacing={0.75} sx={{ alignItems: 'flex-start' }}>
                      <Typography component="span" sx={{ fontWeight: 500 }}>
                        <NameText entry={entry} />
                      </Typography>
                      <span>
                        <BreakableEmail email={entry.email} />
                      </span>
                      {entry.firma && <span>{entry.firma}</span>}
                      <PrivilegeChips codes={entry.privileges} />
                      <StatusChip active={entry.active} />
                    </Stack>
                  </TableCell>
                  <TableCell sx={{ width: '1%' }}>{profil}</TableCell>
                </TableRow>
              ) : (
                <TableRow key={entry.id} hover>
                  <TableCell>
                    <NameText entry={entry} />
                  </TableCell>
                  <TableCell sx={EMAIL_SX}>
                    <BreakableEmail email={entry.email} />
                  </TableCell>
                  <TableCell>{entry.firma ?? ''}</TableCell>
                  <TableCell>
                    <PrivilegeChips codes={entry.privileges} />
                  </TableCell>
                  <TableCell>
                    <StatusChip active={entry.active} />
                  </TableCell>
                  <TableCell>{profil}</TableCell>
                </TableRow>
              );
            })}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={compact ? 2 : 6}>
                  <Typography color="text.secondary">Keine Benutzer gefunden</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {shown.length > (ROWS_PER_PAGE[0] ?? 25) && (
        <TablePagination
          component="div"
          count={shown.length}
          page={currentPage}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={ROWS_PER_PAGE}
          onRowsPerPageChange={(event) => {
            setRowsPerPage(Number(event.target.value));
            setPage(0);
          }}
        />
      )}
    </>
  );
}
