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
import { useErteilen } from '../api/einwilligung-api.ts';

/**
 * The consent dialog: for changed texts with "Abmelden" (`onLogout`), for a withdrawn consent with "Später"
 * (`onLater`, which also closes it on Escape). `onDone` after the consent was stored.
 */
export function EinwilligungDialog({
  fassungen,
  onLogout,
  onLater,
  onDone,
}: {
  fassungen: OffeneFassung[];
  onLogout?: () => void;
  onLater?: () => void;
  onDone?: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const [checked, setChecked] = useState(false);
  const erteilen = useErteilen();
  const afterWithdrawal = fassungen.every((f) => f.widerrufen);
  const failure = erteilen.error
    ? isApiError(erteilen.error)
      ? erteilen.error.message
      : EINWILLIGUNG_TEXTS.veraltet
    : null;

  return (
    <Dialog open onClose={onLater} aria-labelledby={titleId} aria-describedby={textId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {afterWithdrawal ? EINWILLIGUNG_TEXTS.widerrufDialogTitel : EINWILLIGUNG_TEXTS.dialogTitel}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {afterWithdrawal ? EINWILLIGUNG_TEXTS.widerrufDialogEinleitung : EINWILLIGUNG_TEXTS.dialogEinleitung}
        </DialogContentText>
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
        {onLater && <Button onClick={onLater}>{EINWILLIGUNG_TEXTS.spaeter}</Button>}
        {onLogout && <Button onClick={onLogout}>{EINWILLIGUNG_TEXTS.abmelden}</Button>}
        <Button
          variant="contained"
          disabled={!checked}
          loading={erteilen.isPending}
          onClick={() =>
            erteilen.mutate(
              { body: { fassungen: fassungen.map(({ url, fassung }) => ({ url, fassung })) } },
              { onSuccess: onDone },
            )
          }
        >
          {EINWILLIGUNG_TEXTS.zustimmen}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
