import { ACCOUNT_MESSAGES } from '@dihs/contract/accounts';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/button-link.tsx';
import { useCompleteEmailChange } from '../api/complete-email-change.ts';
import { CodeOutcome } from '../components/code-outcome.tsx';

/** /emailreset/:code (spec 2): completes an e-mail change on load. */
export function EmailResetPage() {
  const { code = '' } = useParams();
  const { status } = useCompleteEmailChange(code);
  return (
    <CodeOutcome
      title="E-Mail-Adresse ändern"
      status={status}
      pendingLabel="Änderung wird übernommen"
      successText={ACCOUNT_MESSAGES.emailResetErfolg}
      failureText={ACCOUNT_MESSAGES.emailResetFehler}
      details={
        <Typography>
          {status === 'success'
            ? 'Ihre neue E-Mail-Adresse ist ab sofort Ihre Anmeldeadresse.'
            : 'Vielleicht ist der Link abgelaufen oder wurde schon verwendet. Sie können die Änderung in Ihrem Profil erneut anfordern.'}
        </Typography>
      }
      actions={
        <ButtonLink to="/" variant="contained">
          Zur Startseite
        </ButtonLink>
      }
    />
  );
}
