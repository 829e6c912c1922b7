import { BENUTZER_TEXTS, type BenutzerListEntry } from '@dihs/contract/users';
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

/**
 * The users of one role: E-Mail, Berechtigungen (chips), Status, Profil link (spec 3, section 2). On a phone the
 * four columns do not fit: e-mail, privileges and status share the first column ("Benutzer"), the link keeps its own.
 */
export function UserTable({ entries, caption }: { entries: readonly BenutzerListEntry[]; caption: string }) {
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(ROWS_PER_PAGE[0] ?? 25);

  const needle = filter.trim().toLowerCase();
  const shown = needle ? entries.filter((entry) => entry.email.includes(needle)) : entries;
  const lastPage = Math.max(0, Math.ceil(shown.length / rowsPerPage) - 1);
  const currentPage = Math.min(page, lastPage);
  const rows = shown.slice(currentPage * rowsPerPage, (currentPage + 1) * rowsPerPage);

  return (
    <>
      <TextField
        label="E-Mail suchen"
        type="search"
        size="small"
        value={filter}
        onChange={(event) => {
          setFilter(event.target.value);
          setPage(0);
        }}
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
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
                <TableCell>E-Mail</TableCell>
                <TableCell>Berechtigungen</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Profil</TableCell>
              </TableRow>
            )}
          </TableHead>
          <TableBody>
            {rows.map((entry) => {
              const profil = (
                <ButtonLink to={`/profil/${entry.id}`} size="small" aria-label={`Profil von ${entry.email}`}>
                  Profil
                </ButtonLink>
              );
              return compact ? (
                <TableRow key={entry.id} hover>
                  <TableCell sx={EMAIL_SX}>
                    <Stack spacing={0.75} sx={{ alignItems: 'flex-start' }}>
                      <span>
                        <BreakableEmail email={entry.email} />
                      </span>
                      <PrivilegeChips codes={entry.privileges} />
                      <StatusChip active={entry.active} />
                    </Stack>
                  </TableCell>
                  <TableCell sx={{ width: '1%' }}>{profil}</TableCell>
                </TableRow>
              ) : (
                <TableRow key={entry.id} hover>
                  <TableCell sx={EMAIL_SX}>
                    <BreakableEmail email={entry.email} />
                  </TableCell>
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
                <TableCell colSpan={compact ? 2 : 4}>
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
