import { SECOND_FACTOR_TEXTS } from '@dihs/contract/second-factor';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { deactivateFor, useRefreshSecondFactor, useSecondFactorStatus } from '../api/second-factor-api.ts';
import { SecondFactorDialog } from './second-factor-dialog.tsx';
import { useSaveFailure } from '../../../components/save-failure.tsx';

interface SecondFactorRowProps {
  /** Another user's id (operator view); without it the own second factor. */
  userId?: number;
  /** Operator view: activation is offered for operators and therapists only (spec 1, section 6). */
  canActivate?: boolean;
  editable?: boolean;
  lockedReason?: string | undefined;
}

/** "Zwei-Faktor-Authentisierung: Aktiviert/Deaktiviert" with the set-up or removal. */
export function SecondFactorRow({ userId, canActivate = true, editable = true, lockedReason }: SecondFactorRowProps) {
  const status = useSecondFactorStatus(userId);
  const refresh = useRefreshSecondFactor();
  const [dialog, setDialog] = useState<'activate' | 'deactivate' | null>(null);
  const [pending, setPending] = useState(false);
  const { fail, dialog: failureDialog } = useSaveFailure();
  const active = status.data === true;
  const own = userId === undefined;

  async function removeForOther() {
    if (userId === undefined) return;
    setPending(true);
    try {
      await deactivateFor(userId);
      setDialog(null);
      await refresh();
    } catch (error) {
      setDialog(null);
      fail(error);
    } finally {
      setPending(false);
    }
  }

  const button = active ? (
    <Button size="small" onClick={() => setDialog('deactivate')} disabled={!editable}>
      Deaktivieren
    </Button>
  ) : canActivate ? (
    <Button size="small" onClick={() => setDialog('activate')} disabled={!editable}>
      Einrichten
    </Button>
  ) : null;

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 1, py: 1.5 }}>
      <Box>
        <Typography variant="subtitle2" color="text.secondary" component="h3">
          Zwei-Faktor-Authentisierung
        </Typography>
        <Typography sx={{ mt: 0.5 }}>
          {status.isPending ? '…' : active ? SECOND_FACTOR_TEXTS.aktiviert : SECOND_FACTOR_TEXTS.deaktiviert}
        </Typography>
      </Box>
      <Box sx={{ pt: 0.5 }}>
        {status.isSuccess &&
          button &&
          (!editable && lockedReason ? (
            <Tooltip title={lockedReason}>
              <span tabIndex={0}>{button}</span>
            </Tooltip>
          ) : (
            button
          ))}
      </Box>
      {own && dialog && (
        <SecondFactorDialog mode={dialog} onClose={() => setDialog(null)} onChanged={() => void refresh()} />
      )}
      {!own && dialog === 'activate' && (
        <SecondFactorDialog
          mode="activateFor"
          userId={userId}
          onClose={() => setDialog(null)}
          onChanged={() => void refresh()}
        />
      )}
      {!own && (
        <Dialog open={dialog === 'deactivate'} onClose={() => setDialog(null)} aria-labelledby="zwei-faktor-entfernen">
          <DialogTitle id="zwei-faktor-entfernen">Zwei-Faktor-Authentisierung deaktivieren?</DialogTitle>
          <DialogContent>
            <DialogContentText>Der Benutzer kann sich danach ohne Auth-Code anmelden.</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDialog(null)} disabled={pending}>
              Zurück
            </Button>
            <Button variant="contained" color="error" onClick={() => void removeForOther()} loading={pending}>
              Deaktivieren
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {failureDialog}
    </Box>
  );
}
