import { formatDateTimeUhr } from '@dihs/contract/common/time';
import { TERMINTYP_LABELS, type Termin } from '@dihs/contract/termin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { ProfilePhoto } from '../../../components/profile-photo.tsx';
import { useTherapeutProfil } from '../api/plan-api.ts';

interface TerminDetailsDialogProps {
  termin: Termin;
  onClose: () => void;
}

/** An appointment's details with the therapist's profile as patients see it (spec 2: details open the profile). */
export function TerminDetailsDialog({ termin, onClose }: TerminDetailsDialogProps) {
  const titleId = useId();
  const profil = useTherapeutProfil(termin.therapeut.userId);
  const name = `${termin.therapeut.vorname} ${termin.therapeut.nachname}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Termin {termin.befund}</DialogTitle>
      <DialogContent>
        <Typography>
          {formatDateTimeUhr(termin.datum)} · {TERMINTYP_LABELS[termin.termintyp]} · {termin.dauer} Min.
        </Typography>
        <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{termin.details}</Typography>
        <Box component="section" aria-label={`Therapeut ${name}`} sx={{ mt: 3 }}>
          <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
            {name}
          </Typography>
          {profil.isPending ? (
            <LoadingIndicator label="Profil wird geladen" />
          ) : profil.isError ? (
            <Alert severity="info">Das Profil kann nicht angezeigt werden.</Alert>
          ) : (
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
              <ProfilePhoto userId={profil.data.userId} hasPhoto={profil.data.hatProfilbild} name={name} size={96} />
              <Box sx={{ flex: 1, minWidth: 200 }}>
                {profil.data.ausbildung && (
                  <Typography variant="body2">
                    <strong>Ausbildung:</strong> {profil.data.ausbildung}
                  </Typography>
                )}
                {profil.data.schwerpunkte && (
                  <Typography variant="body2">
                    <strong>Schwerpunkte:</strong> {profil.data.schwerpunkte}
                  </Typography>
                )}
                {profil.data.beschreibung && (
                  <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
                    {profil.data.beschreibung}
                  </Typography>
                )}
              </Box>
            </Box>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          Schließen
        </Button>
      </DialogActions>
    </Dialog>
  );
}
