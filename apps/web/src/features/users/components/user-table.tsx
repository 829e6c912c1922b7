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
import { useState } from 'react';
import { ButtonLink } from '../../../components/button-link.tsx';

const ROWS_PER_PAGE = [25, 50, 100];

function privilegeLabels(codes: readonly number[]): string[] {
  return codes.flatMap((code) => {
    const privilege = privilegeFromCode(code);
    return privilege ? [PRIVILEGE_LABELS[privilege]] : [];
  });
}

/** The users of one role: E-Mail, Berechtigungen (chips), Status, Profil link (spec 3, section 2). */
export function UserTable({ entries, caption }: { entries: readonly BenutzerListEntry[]; caption: string }) {
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
            <TableRow>
              <TableCell>E-Mail</TableCell>
              <TableCell>Berechtigungen</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Profil</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((entry) => (
              <TableRow key={entry.id} hover>
                <TableCell sx={{ wordBreak: 'break-all' }}>{entry.email}</TableCell>
                <TableCell>
                  <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                    {privilegeLabels(entry.privileges).map((label) => (
                      <Chip key={label} label={label} size="small" />
                    ))}
                  </Stack>
                </TableCell>
                <TableCell>
                  <Chip
                    label={entry.active ? BENUTZER_TEXTS.aktiv : BENUTZER_TEXTS.gesperrt}
                    color={entry.active ? 'success' : 'error'}
                    variant="outlined"
                    size="small"
                  />
                </TableCell>
                <TableCell>
                  <ButtonLink to={`/profil/${entry.id}`} size="small" aria-label={`Profil von ${entry.email}`}>
                    Profil
                  </ButtonLink>
                </TableCell>
              </TableRow>
            ))}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>
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
