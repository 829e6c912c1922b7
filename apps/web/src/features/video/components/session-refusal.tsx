import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { ButtonLink } from '../../../components/button-link.tsx';
import type { SessionNotice } from '../hooks/use-conference.ts';

/** A session that cannot start: the refusal text and the way back. */
export function SessionRefusal({ refusal, exitPath }: { refusal: SessionNotice; exitPath: string }) {
  return (
    <Alert severity="error" role="alert" action={<ButtonLink to={exitPath}>Zurück</ButtonLink>}>
      <AlertTitle>{refusal.title}</AlertTitle>
      {refusal.text}
    </Alert>
  );
}
