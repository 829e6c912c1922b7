import { ACCOUNT_MESSAGES, registrierenBodySchema, type RegistrierenForm } from '@dihs/contract/accounts';
import { LIMITS } from '@dihs/contract/common/constants';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormTextField } from '../../../components/form-fields.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { PasswordPairFields } from '../../../components/password-pair-fields.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useRegister } from '../api/register.ts';
import { ConsentCheckbox } from '../components/consent-checkbox.tsx';
import { FormTextPicker } from '../../../components/text-date-pickers.tsx';

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
  const { control, handleSubmit, formState } = useContractForm(registrierenBodySchema, EMPTY);
  const registration = useRegister();

  const submit = handleSubmit((values) => {
    if (!registration.isPending) registration.mutate(values);
  });

  const textField = ({ key, label, max, autoComplete, wide }: (typeof TEXT_FIELDS)[number]) => (
    <FormTextField
      key={key}
      control={control}
      name={key}
      label={label}
      type={key === 'email' ? 'email' : 'text'}
      autoComplete={autoComplete}
      required={key === 'vorname' || key === 'nachname' || key === 'email'}
      max={max}
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
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Registrierung">
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {TEXT_FIELDS.map(textField)}
        </Box>
        <PasswordPairFields control={control} />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {ADDRESS_FIELDS.map(textField)}
          <FormTextPicker control={control} name="geburtsdatum" kind="tag" label="Geburtsdatum" required />
        </Box>
        <Controller
          control={control}
          name="einverstaendnis"
          render={({ field, fieldState }) => (
            <ConsentCheckbox checked={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
        <Box sx={{ mt: 3 }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!formState.isValid || registration.isPending}
          >
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
