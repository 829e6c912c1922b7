import {
  alsSichtbarkeitsFrage,
  FRAGEBOGEN_LIMITS,
  istBeantwortet,
  patientFragebogenSpeichernSchema,
  SKALA_MAX,
  SKALA_MIN,
  sichtbareFragen,
  type Antwort,
  type AntwortWert,
  type PatientFragebogen,
  type PatientFragebogenSpeichern,
} from '@dihs/contract/fragebogen';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { FormTextField } from '../../../components/form-fields.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { usePatientFragebogenAbgeben, usePatientFragebogenSpeichern } from '../api/fragebogen-api.ts';

const SKALA = Array.from({ length: SKALA_MAX - SKALA_MIN + 1 }, (_, index) => SKALA_MIN + index);

interface FeldProps {
  control: Control<PatientFragebogenSpeichern>;
  index: number;
  frage: Antwort['frage'];
}

/** A scale or yes/no question as a labelled radio group (keyboard: arrow keys within the group). */
function Auswahl({ control, index, frage }: FeldProps) {
  const labelId = useId();
  const { field } = useController({ control, name: `antworten.${index}.antwort` });
  const optionen: [string, AntwortWert, string][] =
    frage.typ === 'SKALA'
      ? SKALA.map((n) => [String(n), n, String(n)])
      : [
          ['true', true, 'Ja'],
          ['false', false, 'Nein'],
        ];
  return (
    <FormControl component="fieldset" margin="dense">
      <FormLabel component="legend" id={labelId}>
        {frage.frage}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        name={field.name}
        value={field.value === null || field.value === undefined ? '' : String(field.value)}
        onChange={(event) => field.onChange(optionen.find(([value]) => value === event.target.value)?.[1] ?? null)}
      >
        {optionen.map(([value, , label]) => (
          <FormControlLabel key={value} value={value} control={<Radio />} label={label} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/**
 * A draft questionnaire: a question shows while its position is set and its condition holds (spec 3, section 5,
 * the same rule the server applies); "Speichern & Abgeben" stays disabled while a shown question is unanswered.
 */
export function PatientFragebogenForm({ bogen }: { bogen: PatientFragebogen }) {
  const speichern = usePatientFragebogenSpeichern();
  const abgeben = usePatientFragebogenAbgeben();
  const [meldung, setMeldung] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const form = useContractForm(
    patientFragebogenSpeichernSchema,
    { id: bogen.id, antworten: bogen.antworten.map((a) => ({ frageId: a.frage.id, antwort: a.antwort })) },
    { onEdit: () => setMeldung(null) },
  );
  const antworten = useWatch({ control: form.control, name: 'antworten' });
  const werte = new Map(antworten.map((a) => [a.frageId, a.antwort]));
  const sichtbar = sichtbareFragen(
    bogen.antworten.map((a) => alsSichtbarkeitsFrage(a.frage)),
    werte,
  );
  const vollstaendig = [...sichtbar].every((id) => istBeantwortet(werte.get(id)));
  const busy = speichern.isPending || abgeben.isPending;

  const submit = (publish: boolean) =>
    form.handleSubmit(async (values) => {
      try {
        await (publish ? abgeben : speichern).mutateAsync({ body: values });
        setMeldung({
          kind: 'success',
          text: publish ? 'Der Fragebogen wurde abgegeben.' : 'Ihre Antworten wurden gespeichert.',
        });
      } catch (error) {
        setMeldung({ kind: 'error', text: error instanceof Error ? error.message : 'Speichern fehlgeschlagen.' });
      }
    })();

  return (
    <Box component="form" noValidate aria-label={bogen.titel} onSubmit={(event) => event.preventDefault()}>
      <Stack spacing={1}>
        {bogen.antworten.map(({ frage }, index) =>
          !sichtbar.has(frage.id) ? null : frage.typ === 'FREITEXT' ? (
            <FormTextField
              key={frage.id}
              control={form.control}
              name={`antworten.${index}.antwort`}
              label={frage.frage}
              multiline
              minRows={2}
              max={FRAGEBOGEN_LIMITS.antwort}
              parse={(text) => (text === '' ? null : text)}
            />
          ) : (
            <Auswahl key={frage.id} control={form.control} index={index} frage={frage} />
          ),
        )}
      </Stack>
      {meldung && (
        <Alert severity={meldung.kind} sx={{ mt: 2 }}>
          {meldung.text}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button variant="outlined" disabled={busy} onClick={() => void submit(false)}>
          Speichern
        </Button>
        <Button variant="contained" disabled={busy || !vollstaendig} onClick={() => void submit(true)}>
          Speichern &amp; Abgeben
        </Button>
      </Stack>
    </Box>
  );
}
