import type { AboPaket } from '@dihs/contract/abo';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { useAboPakete } from '../api/abo-pakete-api.ts';
import { PaketDialog } from '../components/paket-dialog.tsx';
import { ABKUERZUNGEN_TEXT, PaketeTable } from '../components/pakete-table.tsx';

type Editing = { kind: 'new' } | { kind: 'edit'; paket: AboPaket } | null;

/** /betreiber/abo/pakete: list, create and edit subscription packages (spec 3 "Subscription package admin"). */
export function AboPaketePage() {
  const { data: pakete, isPending, isError } = useAboPakete();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography variant="h1" sx={{ mr: 'auto' }}>
          Abopakete verwalten
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'new' })}>
          Neues Abopaket
        </Button>
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        {isPending ? (
          <LoadingIndicator label="Abopakete werden geladen" />
        ) : isError ? (
          <Alert severity="error">Die Abopakete konnten nicht geladen werden.</Alert>
        ) : (
          <PaketeTable pakete={pakete} onEdit={(paket) => setEditing({ kind: 'edit', paket })} />
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {ABKUERZUNGEN_TEXT}. Die Anzahlen gelten je Buchungsintervall; die Kosten werden je Buchungsintervall
          berechnet.
        </Typography>
      </Paper>
      {editing?.kind === 'new' && <PaketDialog paket={null} onClose={close} />}
      {editing?.kind === 'edit' && <PaketDialog key={editing.paket.aboPaketId} paket={editing.paket} onClose={close} />}
    </Container>
  );
}
