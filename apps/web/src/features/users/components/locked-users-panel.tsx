import { BENUTZER_TEXTS } from '@dihs/contract/users';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { NetzwerkfehlerDialog } from '../../../components/message-dialog.tsx';
import { useLockedUsers } from '../api/get-locked-users.ts';
import { useUnlockUsers } from '../api/unlock-users.ts';

/**
 * "Gesperrte Benutzer": every account that cannot log in, whether an operator switched it to Gesperrt or it was
 * locked after wrong passwords (one meaning, issue 32 item 1), with checkboxes to unlock them (spec 3, section 2).
 */
export function LockedUsersPanel() {
  const { data: locked, isPending, isError } = useLockedUsers();
  const unlock = useUnlockUsers();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [unlockedCount, setUnlockedCount] = useState<number | null>(null);

  if (isPending) return <LoadingIndicator label="Gesperrte Benutzer werden geladen" />;
  if (isError) return <Alert severity="error">Die gesperrten Benutzer konnten nicht geladen werden.</Alert>;

  // only addresses still in the list count, so a stale selection never unlocks anything unexpected
  const chosen = locked.filter((email) => selected.has(email));

  function toggle(email: string, checked: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(email);
      else next.delete(email);
      return next;
    });
  }

  function submit() {
    setUnlockedCount(null);
    unlock.mutate(chosen, {
      onSuccess: (remaining) => {
        setSelected(new Set());
        setUnlockedCount(chosen.filter((email) => !remaining.includes(email)).length);
      },
    });
  }

  return (
    <>
      <div role="status">
        {unlockedCount !== null && (
          <Alert severity="success" sx={{ mb: 2 }} onClose={() => setUnlockedCount(null)}>
            {unlockedCount === 1 ? 'Eine Sperrung wurde aufgehoben.' : `${unlockedCount} Sperrungen wurden aufgehoben.`}
          </Alert>
        )}
      </div>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Hier stehen alle Konten, die sich nicht anmelden können: im Profil auf „Gesperrt“ gestellt oder nach zu vielen
        falschen Passwörtern gesperrt. Das Aufheben der Sperrung stellt sie wieder auf „Aktiv“.
      </Typography>
      {locked.length === 0 ? (
        <Typography color="text.secondary">{BENUTZER_TEXTS.keineGesperrten}</Typography>
      ) : (
        <>
          <FormGroup aria-label={BENUTZER_TEXTS.gesperrteBenutzer} sx={{ mb: 2 }}>
            {locked.map((email) => (
              <FormControlLabel
                key={email}
                label={email}
                control={
                  <Checkbox checked={selected.has(email)} onChange={(event) => toggle(email, event.target.checked)} />
                }
              />
            ))}
          </FormGroup>
          <Button variant="contained" onClick={submit} disabled={chosen.length === 0} loading={unlock.isPending}>
            {BENUTZER_TEXTS.sperrungenAufheben}
          </Button>
        </>
      )}
      <NetzwerkfehlerDialog open={unlock.isError} onClose={() => unlock.reset()} />
    </>
  );
}
