import {
  alsSichtbarkeitsFrage,
  FRAGEBOGEN_LIMITS,
  FRAGEBOGEN_TEXTS,
  istBeantwortet,
  offeneFragenHinweis,
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
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { FormTextField } from '../../../components/form-fields.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { usePatientFragebogenAbgeben, usePatientFragebogenSpeichern } from '../api/fragebogen-api.ts';

const feldName = (index: number) => `antworten.${index}.antwort` as const;

const SKALA = Array.from({ length: SKALA_MAX - SKALA_MIN + 1 }, (_, index) => SKALA_MIN + index);

interface FeldProps {
  control: Control<PatientFragebogenSpeichern>;
  index: number;
  frage: Antwort['frage'];
}

/**
 * A scale or yes/no question as a labelled radio group (keyboard: arrow keys within the group). The first option
 * carries the field's ref, so that focusing an unanswered question lands in its group.
 */
function Auswahl({ control, index, frage }: FeldProps) {
  const labelId = useId();
  const hinweisId = useId();
  const { field, fieldState } = useController({ control, name: `antworten.${index}.antwort` });
  const hinweis = fieldState.error?.message;
  const optionen: [string, AntwortWert, string][] =
    frage.typ === 'SKALA'
      ? SKALA.map((n) => [String(n), n, String(n)])
      : [
          ['true', true, 'Ja'],
          ['false', false, 'Nein'],
        ];
  return (
    <FormControl component="fieldset" margin="dense" error={Boolean(hinweis)}>
      <FormLabel component="legend" id={labelId}>
        {frage.frage}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        aria-describedby={hinweis ? hinweisId : undefined}
        name={field.name}
        value={field.value === null || field.value === undefined ? '' : String(field.value)}
        onChange={(event) => field.onChange(optionen.find(([value]) => value === event.target.value)?.[1] ?? null)}
      >
        {optionen.map(([value, , label], position) => (
          <FormControlLabel
            key={value}
            value={value}
            control={<Radio slotProps={{ input: { ref: position === 0 ? field.ref : undefined } }} />}
            label={label}
          />
        ))}
      </RadioGroup>
      {hinweis && <FormHelperText id={hinweisId}>{hinweis}</FormHelperText>}
    </FormControl>
  );
}

/**
 * A draft questionnaire: a question shows while its position is set and its condition holds (spec 3, section 5,
 * the same rule the server applies). The spec disables "Speichern & Abgeben" while a shown question is unanswered;
 * a disabled button does not say why (issue 32 item 11), so it stays enabled: a click with questions open names
 * them above the buttons, marks each one and moves the focus to the first (docs/decisions.md).
 */
export function PatientFragebogenForm({
  bogen,
  onAbgegeben,
}: {
  bogen: PatientFragebogen;
  /** After the submission: the page shows the read-only view instead of this form. */
  onAbgegeben?: () => void;
}) {
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
  const offen = bogen.antworten.flatMap(({ frage }, index) =>
    sichtbar.has(frage.id) && !istBeantwortet(werte.get(frage.id)) ? [{ frage, name: feldName(index) }] : [],
  );
  // the list shows after a submit attempt and shrinks as the patient answers
  const [offenZeigen, setOffenZeigen] = useState(false);
  const busy = speichern.isPending || abgeben.isPending;

  const abgebenPruefen = () => {
    if (offen.length === 0) return void submit(true);
    setMeldung(null);
    setOffenZeigen(true);
    offen.forEach(({ name }, position) =>
      form.setError(name, { type: 'offen', message: FRAGEBOGEN_TEXTS.frageOffen }, { shouldFocus: position === 0 }),
    );
  };

  const submit = (publish: boolean) =>
    form.handleSubmit(async (values) => {
      try {
        await (publish ? abgeben : speichern).mutateAsync({ body: values });
        if (publish) onAbgegeben?.();
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
      {offenZeigen && offen.length > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          <AlertTitle>{offeneFragenHinweis(offen.length)}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {offen.map(({ frage, name }) => (
              <li key={frage.id}>
                <Link component="button" type="button" onClick={() => form.setFocus(name)} sx={{ textAlign: 'left' }}>
                  {frage.frage}
                </Link>
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {meldung && (
        <Alert severity={meldung.kind} sx={{ mt: 2 }}>
          {meldung.text}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button variant="outlined" disabled={busy} onClick={() => void submit(false)}>
          Speichern
        </Button>
        <Button variant="contained" disabled={busy} onClick={abgebenPruefen}>
          Speichern &amp; Abgeben
        </Button>
      </Stack>
    </Box>
  );
}
