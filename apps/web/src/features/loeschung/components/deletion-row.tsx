import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useIstGeloescht } from '../api/loeschung-api.ts';
import { DeletionDialog } from './deletion-dialog.tsx';

/** The button that opens the deletion dialog; disabled while or after the patient is deleted. */
export function DeletionRow({ patientId, patientName }: { patientId: number; patientName: string }) {
  const deleted = useIstGeloescht(patientId, true);
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ py: 1.5 }}>
      <Typography variant="subtitle2" color="text.secondary" component="h3">
        Endgültige Löschung
      </Typography>
      {deleted.data && (
        <Typography sx={{ my: 0.5 }}>
          Die Löschung dieses Patienten wurde bereits gestartet oder ist abgeschlossen.
        </Typography>
      )}
      <Button
        variant="outlined"
        color="error"
        sx={{ mt: 1 }}
        disabled={deleted.data !== false}
        onClick={() => setOpen(true)}
      >
        Patient endgültig löschen
      </Button>
      {open && <DeletionDialog patientId={patientId} patientName={patientName} onClose={() => setOpen(false)} />}
    </Box>
  );
}
