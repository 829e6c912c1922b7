import { EINWILLIGUNG_TEXTS, type OffeneFassung } from '@dihs/contract/einwilligung';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import { formatDateTimeUhr } from '@dihs/contract/common/time';
import { useId, useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useErteilen, useOffeneFassungen } from '../api/einwilligung-api.ts';

/**
 * After an operator published a changed consent text, a patient is asked again before anything else: the dialog
 * cannot be closed, only answered or left by logging out. The server refuses booking and joining until then.
 */
export function EinwilligungGate({ onLogout }: { onLogout: () => void }) {
  const offen = useOffeneFassungen(true);
  if (!offen.data?.length) return null;
  // a new list (another change meanwhile) starts the dialog afresh
  return (
    <EinwilligungDialog key={offen.data.map((f) => f.fassung).join()} fassungen={offen.data} onLogout={onLogout} />
  );
}

function EinwilligungDialog({ fassungen, onLogout }: { fassungen: OffeneFassung[]; onLogout: () => void }) {
  const titleId = useId();
  const textId = useId();
  const [checked, setChecked] = useState(false);
  const erteilen = useErteilen();
  const failure = erteilen.error
    ? isApiError(erteilen.error)
      ? erteilen.error.message
      : EINWILLIGUNG_TEXTS.veraltet
    : null;

  return (
    <Dialog open aria-labelledby={titleId} aria-describedby={textId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{EINWILLIGUNG_TEXTS.dialogTitel}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{EINWILLIGUNG_TEXTS.dialogEinleitung}</DialogContentText>
        <List>
          {fassungen.map((fassung) => (
            <ListItem key={fassung.url} disableGutters>
              <Link href={`/${fassung.url}`} target="_blank" rel="noopener">
                {fassung.titel}
              </Link>
              &nbsp;(Fassung vom {formatDateTimeUhr(fassung.stand)})
            </ListItem>
          ))}
        </List>
        <FormControlLabel
          control={<Checkbox checked={checked} onChange={(event) => setChecked(event.target.checked)} />}
          label={EINWILLIGUNG_TEXTS.checkbox}
        />
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onLogout}>{EINWILLIGUNG_TEXTS.abmelden}</Button>
        <Button
          variant="contained"
          disabled={!checked}
          loading={erteilen.isPending}
          onClick={() =>
            erteilen.mutate({ body: { fassungen: fassungen.map(({ url, fassung }) => ({ url, fassung })) } })
          }
        >
          {EINWILLIGUNG_TEXTS.zustimmen}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
