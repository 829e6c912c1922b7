import {
  REZEPT_LIMITS,
  REZEPT_LOESCHWORT,
  REZEPT_OFFEN,
  REZEPT_STATUS_TEXT,
  REZEPT_TEXTS,
  rezeptGutschriftSchema,
  rezeptZeit,
  type Rezept,
  type RezeptGutschrift,
} from '@dihs/contract/rezept';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { FormTextField } from '../../../components/form-fields.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { rezeptHerunterladen, useRezeptGutschrift, useRezeptStatus, type StatusAktion } from '../api/rezept-api.ts';
import { useArmedAction } from './use-armed-action.ts';

type Endaktion = Exclude<StatusAktion, 'bearbeitung'>;

const ANGEKUENDIGT: Record<Endaktion, string> = {
  abgelehnt: 'Das Rezept wird in 3 Sekunden abgelehnt.',
  abgerechnet: 'Das Rezept wird in 3 Sekunden abgerechnet.',
  loeschen: 'Das Rezept wird in 3 Sekunden gelöscht.',
};

const GUTSCHRIFT_FELDER: { name: keyof RezeptGutschrift; label: string }[] = [
  { name: 'rezeptEinzelTermin', label: 'Einzeltermine (Rezept)' },
  { name: 'rezeptGruppenTermin', label: 'Gruppentermine (Rezept)' },
  { name: 'rezeptBefundTermin', label: 'Befundtermine (Rezept)' },
];

interface RezeptDialogProps {
  rezept: Rezept;
  /** GUTHABEN_AENDERN: credit editing and the status actions. */
  darfBearbeiten: boolean;
  onClose: () => void;
}

/**
 * The operator's edit dialog (spec 2 "Prescriptions"): booked time, download, the prescription's credit, and reject,
 * bill, delete behind a delayed confirm. Starting to edit the credit sets INBEARBEITUNG.
 */
export function RezeptDialog({ rezept, darfBearbeiten, onClose }: RezeptDialogProps) {
  const titleId = useId();
  const bearbeitung = useRezeptStatus('bearbeitung');
  const abgelehnt = useRezeptStatus('abgelehnt');
  const abgerechnet = useRezeptStatus('abgerechnet');
  const loeschen = useRezeptStatus('loeschen');
  const gutschrift = useRezeptGutschrift(rezept.id);
  const [loeschwort, setLoeschwort] = useState('');
  const [fehler, setFehler] = useState<string | null>(null);
  const [meldung, setMeldung] = useState<string | null>(null);
  const mutations = { abgelehnt, abgerechnet, loeschen };
  const { armed, arm, abort } = useArmedAction<Endaktion>((aktion) =>
    mutations[aktion].mutate(rezept.id, {
      onSuccess: ({ status }) => setMeldung(`Neuer Status: ${REZEPT_STATUS_TEXT[status]}`),
      onError: (error) => setFehler(error.message),
    }),
  );
  const form = useContractForm(rezeptGutschriftSchema, rezept.gutschrift, {
    save: gutschrift,
    // the first edit of a new prescription's credit takes it into processing (spec 2 section 4)
    onEdit: () => {
      if (rezept.status === 'NEU' && !bearbeitung.isPending && !bearbeitung.isSuccess) bearbeitung.mutate(rezept.id);
    },
  });
  const offen = REZEPT_OFFEN.includes(rezept.status);
  const geloescht = rezept.status === 'GELOESCHT';
  const busy = armed !== null || Object.values(mutations).some((m) => m.isPending);

  const speichern = form.handleSubmit((values) =>
    gutschrift.mutate(values, {
      onSuccess: (neu) => {
        form.reset(neu.gutschrift);
        setMeldung('Das Guthaben wurde gespeichert.');
      },
    }),
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId} sx={{ wordBreak: 'break-word' }}>
        {rezept.originalFilename}
      </DialogTitle>
      <DialogContent>
        <Typography>Status: {REZEPT_STATUS_TEXT[rezept.status]}</Typography>
        <Typography>hochgeladen am {rezeptZeit(rezept.eingereicht)}</Typography>
        <Typography>
          {rezept.gebucht ? `Guthaben gebucht am ${rezeptZeit(rezept.gebucht)}` : 'Noch kein Guthaben gebucht.'}
        </Typography>
        <Typography sx={{ mt: 1, wordBreak: 'break-word' }}>
          Anmerkung: {rezept.anmerkung || REZEPT_TEXTS.keineAnmerkung}
        </Typography>
        <Button
          variant="outlined"
          sx={{ mt: 2 }}
          disabled={geloescht}
          onClick={() => void rezeptHerunterladen(rezept, false).catch((error: Error) => setFehler(error.message))}
        >
          Herunterladen
        </Button>

        {darfBearbeiten && (
          <>
            <Divider sx={{ my: 2 }} />
            <Box component="form" noValidate onSubmit={(event) => void speichern(event)}>
              <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
                Guthaben aus diesem Rezept
              </Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: { sm: 'repeat(3, 1fr)' }, gap: 1 }}>
                {GUTSCHRIFT_FELDER.map((feld) => (
                  <FormTextField
                    key={feld.name}
                    control={form.control}
                    name={feld.name}
                    label={feld.label}
                    type="number"
                    disabled={!offen || busy}
                    parse={(text) => (text === '' ? Number.NaN : Number(text))}
                    slotProps={{ htmlInput: { min: 0, max: REZEPT_LIMITS.gutschrift } }}
                  />
                ))}
              </Box>
              {gutschrift.isError && (
                <Alert severity="error" sx={{ mt: 1 }}>
                  {gutschrift.error.message}
                </Alert>
              )}
              <Button
                type="submit"
                variant="contained"
                sx={{ mt: 1 }}
                disabled={!offen || busy || gutschrift.isPending || !form.formState.isDirty}
              >
                Guthaben speichern
              </Button>
            </Box>

            <Divider sx={{ my: 2 }} />
            {armed ? (
              <Alert
                severity="warning"
                role="alert"
                action={
                  <Button color="inherit" onClick={abort}>
                    Abbrechen
                  </Button>
                }
              >
                {ANGEKUENDIGT[armed]}
              </Alert>
            ) : (
              <>
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  <Button variant="outlined" color="error" disabled={!offen || busy} onClick={() => arm('abgelehnt')}>
                    Ablehnen
                  </Button>
                  <Button variant="contained" disabled={!offen || busy} onClick={() => arm('abgerechnet')}>
                    Abrechnen
                  </Button>
                </Box>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 2, flexWrap: 'wrap' }}>
                  <TextField
                    size="small"
                    label={`Zum Löschen ${REZEPT_LOESCHWORT} eingeben`}
                    value={loeschwort}
                    disabled={geloescht || busy}
                    onChange={(event) => setLoeschwort(event.target.value)}
                  />
                  <Button
                    variant="outlined"
                    color="error"
                    disabled={geloescht || busy || loeschwort !== REZEPT_LOESCHWORT}
                    onClick={() => arm('loeschen')}
                  >
                    Löschen
                  </Button>
                </Box>
              </>
            )}
          </>
        )}
        {meldung && (
          <Alert severity="success" sx={{ mt: 2 }} role="status">
            {meldung}
          </Alert>
        )}
        {fehler && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {fehler}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Schließen</Button>
      </DialogActions>
    </Dialog>
  );
}
