import {
  ANAMNESE_LABELS,
  ANAMNESE_LIMITS,
  anamneseSpeichernSchema,
  fehlendePflichtfelder,
  LEERE_ANAMNESE,
  SCHMERZ_ARTEN,
  SCHMERZEN_LABELS,
  SEIT_WANN_LABELS,
  SPORT_INTENSITAET,
  SPORTARTEN,
  schmerzArtFeld,
  sportAntwortFeld,
  sportFeld,
  type Anamnese,
  type AnamneseAngaben,
  type AnamneseSpeichern,
} from '@dihs/contract/anamnese';
import { staticPagePath } from '@dihs/contract/common/routes';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormGroup from '@mui/material/FormGroup';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { deDE } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/de';
import { useEffect, useRef, type ReactNode } from 'react';
import { useController, useFormState, useWatch, type Control } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormCheckbox, FormTextField } from '../../../components/form-fields.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { DatumFeld, SkalaFeld, WahlFeld, ZahlFeld } from './anamnese-felder.tsx';
import { Koerperbild } from './koerperbild.tsx';

const pickerText = deDE.components.MuiLocalizationProvider.defaultProps.localeText;
const { text: LANG, kurz: KURZ, telefon: TELEFON } = ANAMNESE_LIMITS;
const L = ANAMNESE_LABELS;

/** The stored answers as the form's start values (the checkbox is ticked again on every save). */
const startwerte = (anamnese: Anamnese | null): AnamneseSpeichern => {
  const angaben: AnamneseAngaben = { ...LEERE_ANAMNESE };
  if (anamnese)
    for (const key of Object.keys(angaben) as (keyof AnamneseAngaben)[])
      Object.assign(angaben, { [key]: anamnese[key] });
  return { ...angaben, datenschutz: false as true };
};

function Abschnitt({ titel, children }: { titel: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 3 }}>
      <Typography component="legend" variant="h3" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {titel}
      </Typography>
      {children}
    </Box>
  );
}

export type AnamneseAktion = 'speichern' | 'uebersicht' | 'fertigstellen';

interface AnamneseFormProps {
  anamnese: Anamnese | null;
  pending: boolean;
  fehler: string | null;
  /** The form replaced the control the patient was on ("Bearbeiten" of the summary): its first field takes the focus. */
  fokus?: boolean;
  onAktion: (aktion: AnamneseAktion, werte: AnamneseSpeichern) => void;
}

/**
 * The anamnesis in edit mode (spec 3 "Medical history", sections 3 and 5). Every action saves and needs the privacy
 * checkbox; "fertigstellen" also needs the complete form (the required fields).
 */
export function AnamneseForm({ anamnese, pending, fehler, fokus = false, onAktion }: AnamneseFormProps) {
  const form = useContractForm(anamneseSpeichernSchema, startwerte(anamnese));
  const { control } = form;
  // on arrival only, like useFocusOnMount: a form built anew after a save leaves the focus to the save's note
  const fokusBeimStart = useRef(fokus);
  useEffect(() => {
    if (!fokusBeimStart.current) return;
    fokusBeimStart.current = false;
    form.setFocus('groesse');
  }, [form]);
  // The form itself watches no value: what depends on the answers (the body map, the hints and buttons below) watches
  // its own, so a tap re-renders that part and not every field (a "Ja" took 440 ms on a 4x-slowed phone, `npm run
  // bench -- --only=inp`).
  const run = (aktion: AnamneseAktion) => form.handleSubmit((values) => onAktion(aktion, values))();
  const text = (name: keyof AnamneseAngaben, label: string, max: number, required = false) => (
    <FormTextField
      control={control}
      name={name as 'beruf'}
      label={label}
      max={max}
      required={required}
      multiline={max > KURZ}
      parse={(value) => (value === '' ? null : value)}
    />
  );

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="de" localeText={pickerText}>
      <Box
        component="form"
        noValidate
        aria-label="Anamnesebogen ausfüllen"
        onSubmit={(event) => event.preventDefault()}
      >
        <Typography sx={{ mb: 2 }}>Mit * markierte Felder werden zum Fertigstellen benötigt.</Typography>
        <Abschnitt titel="Körperdaten">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <ZahlFeld control={control} name="groesse" label={L.groesse} required />
            <ZahlFeld control={control} name="gewicht" label={L.gewicht} required />
          </Stack>
        </Abschnitt>
        <Abschnitt titel="Beruf und Freizeit">
          {text('beruf', L.beruf, KURZ)}
          {text('hobbys', L.hobbys, LANG)}
          <ZahlFeld control={control} name="computerzeit" label={L.computerzeit} />
          {SPORTARTEN.map((n) => (
            <Stack key={n} direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
              <Box sx={{ flex: 1 }}>{text(sportFeld(n), L[sportFeld(n)], KURZ)}</Box>
              <WahlFeld
                control={control}
                name={sportAntwortFeld(n)}
                label={`Intensität Sportart ${n}`}
                optionen={SPORT_INTENSITAET}
              />
            </Stack>
          ))}
        </Abschnitt>
        <Abschnitt titel="Ansprechpartner der Berufsgenossenschaft">
          {text('baName', L.baName, KURZ)}
          {text('baStrasse', L.baStrasse, KURZ)}
          {text('baStadt', L.baStadt, KURZ)}
          {text('baTelefon', L.baTelefon, TELEFON)}
        </Abschnitt>
        <Abschnitt titel="Krankengeschichte">
          {text('diagnose', L.diagnose, LANG)}
          <DatumFeld control={control} name="opDatum" label={L.opDatum} />
          {text('erkrankungen', L.erkrankungen, LANG, true)}
          {text('medikamente', L.medikamente, LANG, true)}
          {text('schmerzmedikamente', L.schmerzmedikamente, LANG, true)}
          {text('allergien', L.allergien, LANG, true)}
          {text('chronisch', L.chronisch, LANG)}
          {text('therapien', L.therapien, LANG)}
        </Abschnitt>
        <Abschnitt titel="Alltag und Beruf">
          {text('alltag', L.alltag, LANG)}
          {text('berufsprobleme', L.berufsprobleme, LANG)}
          <SkalaFeld control={control} name="psychischBeeintraechtigt" label={L.psychischBeeintraechtigt} />
        </Abschnitt>
        <Abschnitt titel="Schmerzen">
          <WahlFeld control={control} name="schmerzen" label={L.schmerzen} optionen={SCHMERZEN_LABELS} />
          <WahlFeld
            control={control}
            name="seitWannSchmerzen"
            label={L.seitWannSchmerzen}
            optionen={SEIT_WANN_LABELS}
          />
          <Typography sx={{ mt: 2, mb: 1 }}>{L.woSchmerzen} Markieren Sie die Stellen auf dem Körperbild.</Typography>
          <KoerperbildFeld control={control} />
          {text('schmerzVerstaerkt', L.schmerzVerstaerkt, LANG)}
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
            <Typography component="legend">Wie würden Sie den Schmerz beschreiben?</Typography>
            <FormGroup row>
              {SCHMERZ_ARTEN.map((art, index) => (
                <FormCheckbox key={art} control={control} name={schmerzArtFeld(index)} label={art} />
              ))}
            </FormGroup>
          </Box>
          <SkalaFeld control={control} name="schmerzStaerkeRuhe" label={L.schmerzStaerkeRuhe} />
          <SkalaFeld control={control} name="schmerzStaerkeBelastung" label={L.schmerzStaerkeBelastung} />
          <DatumFeld control={control} name="angabenDatum" label={L.angabenDatum} />
        </Abschnitt>
        <FormCheckbox
          control={control}
          name="datenschutz"
          label={
            <>
              Ich habe die{' '}
              <Link component={RouterLink} to={staticPagePath('datenschutz')} target="_blank">
                Datenschutzerklärung
              </Link>{' '}
              gelesen und bin mit der Verarbeitung meiner Angaben einverstanden. *
            </>
          }
        />
        <AnamneseAktionen control={control} pending={pending} fehler={fehler} run={run} />
      </Box>
    </LocalizationProvider>
  );
}

/** The body map with the points of `woSchmerzen`, and their error. */
function KoerperbildFeld({ control }: { control: Control<AnamneseSpeichern> }) {
  const punkte = useController({ control, name: 'woSchmerzen' });
  return (
    <>
      <Koerperbild punkte={punkte.field.value} onChange={punkte.field.onChange} />
      {punkte.fieldState.error && <Alert severity="error">{punkte.fieldState.error.message}</Alert>}
    </>
  );
}

/**
 * What the answers decide below the form: the hints (the privacy checkbox, the fields missing to finish), the save's
 * error and the three actions.
 */
function AnamneseAktionen({
  control,
  pending,
  fehler,
  run,
}: {
  control: Control<AnamneseSpeichern>;
  pending: boolean;
  fehler: string | null;
  run: (aktion: AnamneseAktion) => Promise<void>;
}) {
  const werte = useWatch({ control }) as AnamneseSpeichern;
  const { isValid: gueltig } = useFormState({ control });
  const datenschutz = werte.datenschutz === true;
  const fehlend = fehlendePflichtfelder(werte);
  const vollstaendig = fehlend.length === 0;
  // a failed save ends with its buttons enabled again but the focus on the page body (they were disabled while it
  // ran): the error takes it, so a keyboard or screen-reader user hears what went wrong and goes on from there
  const fehlerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const verloren = document.activeElement === null || document.activeElement === document.body;
    if (!pending && fehler && verloren) fehlerRef.current?.focus();
  }, [pending, fehler]);
  return (
    <>
      {!datenschutz && (
        <Typography variant="body2" color="text.secondary">
          Zum Speichern bestätigen Sie bitte die Datenschutzerklärung.
        </Typography>
      )}
      {datenschutz && !vollstaendig && (
        <Typography variant="body2" color="text.secondary">
          Zum Fertigstellen fehlen noch: {fehlend.map((feld) => L[feld]).join(', ')}.
        </Typography>
      )}
      {fehler && (
        <Alert ref={fehlerRef} tabIndex={-1} severity="error" sx={{ mt: 2 }}>
          {fehler}
        </Alert>
      )}
      <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" disabled={pending || !datenschutz} onClick={() => void run('speichern')}>
          Zwischenspeichern
        </Button>
        <Button variant="outlined" disabled={pending || !datenschutz} onClick={() => void run('uebersicht')}>
          Übersicht
        </Button>
        <Button
          variant="contained"
          disabled={pending || !datenschutz || !gueltig || !vollstaendig}
          onClick={() => void run('fertigstellen')}
        >
          fertigstellen
        </Button>
      </Stack>
    </>
  );
}
