import { BENUTZER_TEXTS, ROLE_PLURAL_LABELS } from '@dihs/contract/users';
import { ROLE_LABELS, type Role } from '@dihs/contract/common/roles';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { useBenutzerliste } from '../api/get-benutzerliste.ts';
import { NewUserDialog } from './new-user-dialog.tsx';
import { UserTable } from './user-table.tsx';

/** One role's tab: the "Neuer {role}" button and the user table. */
export function RolePanel({ role }: { role: Role }) {
  const { data: entries, isPending, isError } = useBenutzerliste(role);
  const [creating, setCreating] = useState(false);

  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          {BENUTZER_TEXTS.neuerBenutzer(ROLE_LABELS[role])}
        </Button>
      </Box>
      {isPending ? (
        <LoadingIndicator label={`${ROLE_PLURAL_LABELS[role]} werden geladen`} />
      ) : isError ? (
        <Alert severity="error">Die Benutzerliste konnte nicht geladen werden.</Alert>
      ) : (
        <UserTable entries={entries} caption={ROLE_PLURAL_LABELS[role]} />
      )}
      <NewUserDialog role={role} open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
