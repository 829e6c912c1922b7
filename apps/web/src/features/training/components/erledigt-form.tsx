import type { PlanEintrag } from '@dihs/contract/training';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useErledigt } from '../api/training-api.ts';

const SCHMERZ = Array.from({ length: 11 }, (_, i) => i);

/** "Heute erledigt" and the pain during the exercise, 0 to 10 (beyond the spec, as home-exercise programs do). */
export function ErledigtForm({ eintrag }: { eintrag: PlanEintrag }) {
  const erledigt = useErledigt();
  const heute = eintrag.heute ?? { erledigt: false, schmerz: null };
  const [schmerz, setSchmerz] = useState<string>(heute.schmerz === null ? '' : String(heute.schmerz));
  const send = (done: boolean, pain: string) =>
    erledigt.mutate({ body: { eintragId: eintrag.id, erledigt: done, schmerz: pain === '' ? null : Number(pain) } });
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <FormControlLabel
        control={
          <Checkbox
            checked={heute.erledigt}
            disabled={erledigt.isPending}
            onChange={(event) => send(event.target.checked, schmerz)}
          />
        }
        label="Heute erledigt"
      />
      <TextField
        select
        size="small"
        label="Schmerz dabei (0–10)"
        value={schmerz}
        onChange={(event) => {
          setSchmerz(event.target.value);
          if (heute.erledigt) send(true, event.target.value);
        }}
        sx={{ minWidth: 190 }}
      >
        <MenuItem value="">keine Angabe</MenuItem>
        {SCHMERZ.map((wert) => (
          <MenuItem key={wert} value={String(wert)}>
            {wert}
          </MenuItem>
        ))}
      </TextField>
      {erledigt.isError && <Alert severity="error">{erledigt.error.message}</Alert>}
    </Stack>
  );
}
