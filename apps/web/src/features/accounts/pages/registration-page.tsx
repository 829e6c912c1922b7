import {
  ACCOUNT_MESSAGES,
  EARLIEST_BIRTHDAY,
  registrierenBodySchema,
  todayIso,
  type RegistrierenForm,
} from '@dihs/contract/accounts';
import { LIMITS } from '@dihs/contract/common/constants';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { CountedTextField } from '../../../components/counted-text-field.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { PasswordPairFields } from '../../../components/password-pair-fields.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useRegister } from '../api/register.ts';
import { ConsentCheckbox } from '../components/consent-checkbox.tsx';

const EMPTY: RegistrierenForm = {
  vorname: '',
  nachname: '',
  email: '',
  passwort: '',
  passwortWiederholen: '',
  strasse: '',
  hausnummer: '',
  plz: '',
  stadt: '',
  land: '',
  geburtsdatum: '',
  einverstaendnis: false,
};

type TextFieldKey = 'vorname' | 'nachname' | 'email' | 'strasse' | 'hausnummer' | 'plz' | 'stadt' | 'land';

const TEXT_FIELDS: { key: TextFieldKey; label: string; max: number; autoComplete: string; wide?: boolean }[] = [
  { key: 'vorname', label: 'Vorname', max: LIMITS.vorname, autoComplete: 'given-name' },
  { key: 'nachname', label: 'Nachname', max: LIMITS.nachname, autoComplete: 'family-name' },
  { key: 'email', label: 'E-Mail', max: LIMITS.email, autoComplete: 'email', wide: true },
];
const ADDRESS_FIELDS: { key: TextFieldKey; label: string; max: number; autoComplete: string; wide?: boolean }[] = [
  { key: 'strasse', label: 'Straße', max: LIMITS.strasse, autoComplete: 'address-line1' },
  { key: 'hausnummer', label: 'Hausnummer', max: LIMITS.hausnummer, autoComplete: 'off' },
  { key: 'plz', label: 'PLZ', max: LIMITS.plz, autoComplete: 'postal-code' },
  { key: 'stadt', label: 'Stadt', max: LIMITS.stadt, autoComplete: 'address-level2' },
  { key: 'land', label: 'Land', max: LIMITS.land, autoComplete: 'country-name', wide: true },
];

/** Registration of a new patient (spec 2, "Registration"): every rule checked as typed, submit disabled until valid. */
export function RegistrationPage() {
  const navigate = useNavigate();
  const form = useSchemaForm(registrierenBodySchema, EMPTY);
  const registration = useRegister();
  const { values } = form;

  function submit(event: FormEvent) {
    event.preventDefault();
    form.showAll();
    if (!form.valid || registration.isPending) return;
    registration.mutate(values);
  }

  const textField = ({ key, label, max, autoComplete, wide }: (typeof TEXT_FIELDS)[number]) => (
    <CountedTextField
      key={key}
      label={label}
      type={key === 'email' ? 'email' : 'text'}
      autoComplete={autoComplete}
      required={key === 'vorname' || key === 'nachname' || key === 'email'}
      value={values[key]}
      onChange={form.set(key)}
      onBlur={() => form.touch(key)}
      max={max}
      error={form.errorOf(key)}
      sx={wide ? { gridColumn: '1 / -1' } : undefined}
    />
  );

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" gutterBottom>
        Registrieren
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Legen Sie Ihr Konto als Patientin oder Patient an. Mit * markierte Felder sind Pflichtfelder.
      </Typography>
      <Box component="form" noValidate onSubmit={submit} aria-label="Registrierung">
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {TEXT_FIELDS.map(textField)}
        </Box>
        <PasswordPairFields
          passwort={values.passwort}
          wiederholung={values.passwortWiederholen}
          onPasswortChange={form.set('passwort')}
          onWiederholungChange={form.set('passwortWiederholen')}
          onPasswortBlur={() => form.touch('passwort')}
          onWiederholungBlur={() => form.touch('passwortWiederholen')}
          passwortError={form.errorOf('passwort')}
          wiederholungError={form.errorOf('passwortWiederholen')}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {ADDRESS_FIELDS.map(textField)}
          <TextField
            label="Geburtsdatum"
            type="date"
            required
            autoComplete="bday"
            margin="dense"
            fullWidth
            value={values.geburtsdatum}
            onChange={(event) => form.set('geburtsdatum')(event.target.value)}
            onBlur={() => form.touch('geburtsdatum')}
            error={Boolean(form.errorOf('geburtsdatum'))}
            helperText={form.errorOf('geburtsdatum') ?? ' '}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: EARLIEST_BIRTHDAY, max: todayIso() } }}
          />
        </Box>
        <ConsentCheckbox
          checked={values.einverstaendnis}
          onChange={form.set('einverstaendnis')}
          error={form.errorOf('einverstaendnis')}
        />
        <Box sx={{ mt: 3 }}>
          <Button type="submit" variant="contained" size="large" disabled={!form.valid || registration.isPending}>
            {registration.isPending ? 'Bitte warten ...' : 'Registrieren'}
          </Button>
        </Box>
      </Box>

      <MessageDialog
        open={registration.isSuccess}
        title={ACCOUNT_MESSAGES.registrierungErfolg}
        text={ACCOUNT_MESSAGES.registrierungBitteBestaetigen}
        onClose={() => void navigate('/')}
      />
      <MessageDialog
        open={registration.isError}
        title="Registrierung fehlgeschlagen"
        text={ACCOUNT_MESSAGES.registrierungFehler}
        onClose={() => registration.reset()}
      />
    </Container>
  );
}
