import type { Firma } from '@dihs/contract/firma';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { useFirmen } from '../api/get-firmen.ts';
import { DeleteFirmaDialog } from '../components/delete-firma-dialog.tsx';
import { FirmaDialog } from '../components/firma-dialog.tsx';
import { FirmenTable } from '../components/firmen-table.tsx';

type Editing = { kind: 'new' } | { kind: 'edit'; firma: Firma } | { kind: 'delete'; firma: Firma } | null;

/** /betreiber/firmenverwaltung: list, new, edit and delete companies (spec 3, "Company admin"). */
export function FirmenverwaltungPage() {
  const { data: firmen, isPending, isError } = useFirmen();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography variant="h1" sx={{ mr: 'auto' }}>
          Firmen verwalten
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'new' })}>
          Neue Firma
        </Button>
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        {isPending ? (
          <LoadingIndicator label="Firmen werden geladen" />
        ) : isError ? (
          <Alert severity="error">Die Firmen konnten nicht geladen werden.</Alert>
        ) : (
          <FirmenTable
            firmen={firmen}
            onEdit={(firma) => setEditing({ kind: 'edit', firma })}
            onDelete={(firma) => setEditing({ kind: 'delete', firma })}
          />
        )}
      </Paper>
      {editing?.kind === 'new' && <FirmaDialog firma={null} onClose={close} />}
      {editing?.kind === 'edit' && <FirmaDialog key={editing.firma.id} firma={editing.firma} onClose={close} />}
      {editing?.kind === 'delete' && <DeleteFirmaDialog firma={editing.firma} onClose={close} />}
    </Container>
  );
}
