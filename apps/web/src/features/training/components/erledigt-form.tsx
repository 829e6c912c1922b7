import type { PlanEintrag } from '@dihs/contract/training';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useErledigt, usePlanNeuLaden } from '../api/training-api.ts';

const SCHMERZ = Array.from({ length: 11 }, (_, i) => i);

/**
 * "Heute erledigt" and the pain during the exercise, 0 to 10 (beyond the spec, as home-exercise programs do). The
 * tick shows at once; when the server does not store it, the tick goes back and the card says so.
 */
export function ErledigtForm({ eintrag }: { eintrag: PlanEintrag }) {
  const erledigt = useErledigt(eintrag.id);
  const neuLaden = usePlanNeuLaden();
  // what the server stored, or the tick on its way there
  const heute = eintrag.heute ?? { erledigt: false, schmerz: null };
  // the pain chosen for the next tick; while ticked, the select shows the pain of the tick
  const [schmerz, setSchmerz] = useState<string>(heute.schmerz === null ? '' : String(heute.schmerz));
  const send = (done: boolean, pain: string) =>
    erledigt.mutate({ body: { eintragId: eintrag.id, erledigt: done, schmerz: pain === '' ? null : Number(pain) } });
  // 404/409: the exercise is no longer in the plan in force (a new plan was saved meanwhile)
  const planGeaendert = erledigt.isError && isApiError(erledigt.error, 404, 409);
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FormControlLabel
        control={<Checkbox checked={heute.erledigt} onChange={(event) => send(event.target.checked, schmerz)} />}
        label="Heute erledigt"
      />
      {/* the phone's own picker: a menu of the page took a 4x-slowed phone over 200 ms to open (`npm run bench --
          --only=inp`), the native one opens at once and fits the thumb */}
      <TextField
        select
        size="small"
        label="Schmerz dabei (0–10)"
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        value={heute.erledigt ? (heute.schmerz === null ? '' : String(heute.schmerz)) : schmerz}
        onChange={(event) => {
          setSchmerz(event.target.value);
          if (heute.erledigt) send(true, event.target.value);
        }}
        sx={{ minWidth: 190 }}
      >
        <option value="">keine Angabe</option>
        {SCHMERZ.map((wert) => (
          <option key={wert} value={String(wert)}>
            {wert}
          </option>
        ))}
      </TextField>
      {erledigt.isError && (
        <Alert
          severity="error"
          sx={{ flexBasis: '100%' }}
          action={
            planGeaendert ? (
              <Button color="inherit" size="small" onClick={() => void neuLaden()}>
                Aktuellen Plan laden
              </Button>
            ) : undefined
          }
        >
          Nicht gespeichert: {erledigt.error.message}
        </Alert>
      )}
    </Stack>
  );
}
