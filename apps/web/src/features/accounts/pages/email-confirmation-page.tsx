import { ACCOUNT_MESSAGES } from '@dihs/contract/accounts';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { useSession } from '../../../lib/session-context.ts';
import { ButtonLink } from '../../../components/button-link.tsx';
import { useConfirmEmail } from '../api/confirm-email.ts';
import { CodeOutcome } from '../components/code-outcome.tsx';
import { RedirectAfter } from '../components/redirect-after.tsx';

const FAILURE_REDIRECT_SECONDS = 8;

/**
 * /emailbestaetigen/:code (spec 2): confirms on load; a failure is followed by a redirect to the start page. A link
 * clicked again once the address is confirmed says so and offers the login, as the first click does (issue 32).
 */
export function EmailConfirmationPage() {
  const { code = '' } = useParams();
  const { session } = useSession();
  const { status, data } = useConfirmEmail(code);
  const before = data?.status === 'BEREITS_BESTAETIGT';
  return (
    <CodeOutcome
      title="E-Mail-Adresse bestätigen"
      status={status}
      pendingLabel="Bestätigung läuft"
      successText={before ? ACCOUNT_MESSAGES.bestaetigungBereitsErfolgt : ACCOUNT_MESSAGES.bestaetigungErfolg}
      failureText={ACCOUNT_MESSAGES.bestaetigungFehler}
      details={
        status === 'error' ? (
          <RedirectAfter to="/" seconds={FAILURE_REDIRECT_SECONDS} label="zur Startseite" />
        ) : (
          before && !session && <Typography>{ACCOUNT_MESSAGES.bestaetigungBereitsLogin}</Typography>
        )
      }
      actions={
        status === 'success' && !session ? (
          <ButtonLink to="/?login" variant="contained">
            Zum Login
          </ButtonLink>
        ) : (
          <ButtonLink to="/" variant={status === 'success' ? 'contained' : 'text'}>
            Zur Startseite
          </ButtonLink>
        )
      }
    />
  );
}
