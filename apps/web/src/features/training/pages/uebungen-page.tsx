import type { Uebung } from '@dihs/contract/training';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { UebungDialog } from '../components/uebung-dialog.tsx';
import { UebungenListe } from '../components/uebungen-liste.tsx';

type Editing = { uebung: Uebung | null } | null;

/** /betreiber/uebungen: the exercise library (spec 3 "Exercise library"). */
export function UebungenPage() {
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <Box sx={{ p: { xs: 1, md: 3 }, maxWidth: 900 }}>
      <Stack direction="row" sx={{ mb: 2, justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h1">Übungen</Typography>
        <Button variant="contained" onClick={() => setEditing({ uebung: null })}>
          Neue Übung
        </Button>
      </Stack>
      <UebungenListe mode="edit" onSelect={(uebung) => setEditing({ uebung })} />
      {editing && (
        <UebungDialog key={editing.uebung?.id ?? 0} uebung={editing.uebung} onClose={() => setEditing(null)} />
      )}
    </Box>
  );
}
