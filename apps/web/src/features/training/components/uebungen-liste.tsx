import { TRAINING_LIMITS, type Uebung } from '@dihs/contract/training';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardActions from '@mui/material/CardActions';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { SeitenPagination } from '../../../components/seiten-pagination.tsx';
import { useUebungen } from '../api/training-api.ts';

interface UebungenListeProps {
  /** "edit": a Bearbeiten button per card (library); "add": a click on the card adds it (plan, template). */
  mode: 'edit' | 'add';
  onSelect: (uebung: Uebung) => void;
}

/** The exercise library: title filter, pages of 50 (spec 3 sections 2 and 9). */
export function UebungenListe({ mode, onSelect }: UebungenListeProps) {
  const [titel, setTitel] = useState('');
  const [seite, setSeite] = useState(0);
  const query = useUebungen(titel.trim(), seite);
  const seiten = Math.max(1, Math.ceil((query.data?.gesamt ?? 0) / TRAINING_LIMITS.seite));

  return (
    <Stack spacing={1.5}>
      <TextField
        label="Titel filtern"
        size="small"
        value={titel}
        onChange={(event) => {
          setTitel(event.target.value);
          setSeite(0);
        }}
        slotProps={{ htmlInput: { maxLength: TRAINING_LIMITS.titel } }}
      />
      {query.isPending && <LoadingIndicator label="Übungen werden geladen" />}
      {query.isError && <Alert severity="error">Die Übungen konnten nicht geladen werden.</Alert>}
      {query.data?.uebungen.length === 0 && <Typography color="text.secondary">Keine Übungen gefunden.</Typography>}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Übungen">
        {query.data?.uebungen.map((uebung) => (
          <li key={uebung.id}>
            <Card variant="outlined">
              {mode === 'add' ? (
                <CardActionArea onClick={() => onSelect(uebung)} aria-label={`${uebung.titel} hinzufügen`}>
                  <CardContent sx={{ py: 1 }}>
                    <Typography sx={{ fontWeight: 500 }}>{uebung.titel}</Typography>
                  </CardContent>
                </CardActionArea>
              ) : (
                <>
                  <CardContent sx={{ pb: 0 }}>
                    <Typography sx={{ fontWeight: 500 }}>{uebung.titel}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                      {uebung.beschreibung}
                    </Typography>
                  </CardContent>
                  <CardActions>
                    <Button size="small" onClick={() => onSelect(uebung)} aria-label={`${uebung.titel} bearbeiten`}>
                      Bearbeiten
                    </Button>
                  </CardActions>
                </>
              )}
            </Card>
          </li>
        ))}
      </Stack>
      {seiten > 1 && <SeitenPagination count={seiten} page={seite} onPage={setSeite} />}
    </Stack>
  );
}

/** The column "Übungen" of the plan and template editors: the library an exercise is added from. */
export function UebungenSpalte({ onAdd }: { onAdd: (uebung: Uebung) => void }) {
  return (
    <Grid size={{ xs: 12, md: 4 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Übungen
      </Typography>
      <UebungenListe mode="add" onSelect={onAdd} />
    </Grid>
  );
}
