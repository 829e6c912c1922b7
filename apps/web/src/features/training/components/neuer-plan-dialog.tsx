import { TRAINING_TEXTS } from '@dihs/contract/training';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useVorlagenAuswahl } from '../api/training-api.ts';

interface NeuerPlanDialogProps {
  pending: boolean;
  /** null: an empty plan ("Leerer Plan"). */
  onCreate: (vorlageId: number | null) => void;
  onClose: () => void;
}

/** "Neuer Trainingsplan": Vorlage (default "Leerer Plan"), Abbrechen, Erstellen (spec 3). */
export function NeuerPlanDialog({ pending, onCreate, onClose }: NeuerPlanDialogProps) {
  const titleId = useId();
  const vorlagen = useVorlagenAuswahl();
  const [vorlage, setVorlage] = useState('leer');
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Neuer Trainingsplan</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          label="Vorlage:"
          value={vorlage}
          onChange={(event) => setVorlage(event.target.value)}
          sx={{ mt: 1 }}
        >
          <MenuItem value="leer">{TRAINING_TEXTS.leererPlan}</MenuItem>
          {vorlagen.data?.map((v) => (
            <MenuItem key={v.id} value={String(v.id)}>
              {v.befund}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Abbrechen
        </Button>
        <Button
          variant="contained"
          loading={pending}
          onClick={() => onCreate(vorlage === 'leer' ? null : Number(vorlage))}
        >
          Erstellen
        </Button>
      </DialogActions>
    </Dialog>
  );
}
