import { ACCOUNT_MESSAGES, passwortSetzenBodySchema } from '@dihs/contract/accounts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/button-link.tsx';
import { PasswordPairFields } from '../../../components/password-pair-fields.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useSetPassword } from '../api/set-password.ts';

/** /passwortreset/:code (spec 2): a new password for a reset or for an account an operator created. */
export function PasswordResetPage() {
  const { code = '' } = useParams();
  // The page always sends the repeat, so the server checks it too.
  const { control, handleSubmit, formState } = useContractForm(passwortSetzenBodySchema, {
    passwort: '',
    passwortWiederholen: '',
  });
  const setPassword = useSetPassword(code);

  const submit = handleSubmit((values) => {
    if (!setPassword.isPending) setPassword.mutate(values);
  });

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" gutterBottom>
        {ACCOUNT_MESSAGES.passwortResetTitel}
      </Typography>
      {setPassword.isSuccess ? (
        <>
          <Alert severity="success" role="alert">
            {ACCOUNT_MESSAGES.passwortGesetzt}
          </Alert>
          <Box sx={{ mt: 3 }}>
            <ButtonLink to="/?login" variant="contained">
              Zum Login
            </ButtonLink>
          </Box>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Neues Passwort">
          {setPassword.isError && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {ACCOUNT_MESSAGES.passwortSetzenFehler}
            </Alert>
          )}
          <PasswordPairFields control={control} disabled={setPassword.isPending} autoFocus />
          <Box sx={{ mt: 3 }}>
            <Button type="submit" variant="contained" disabled={!formState.isValid || setPassword.isPending}>
              {setPassword.isPending ? 'Bitte warten ...' : 'Passwort setzen'}
            </Button>
          </Box>
        </Box>
      )}
    </Container>
  );
}
