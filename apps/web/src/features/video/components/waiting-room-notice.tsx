import { VIDEO_MESSAGES, warteraumText } from '@dihs/contract/video';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/** Said when the session's therapist is not known (no session info): neutral, no gendered "der Therapeut". */
const OHNE_NAMEN = 'Ihre therapeutische Fachkraft';

/** The patient's waiting room: who runs the session, and that they were told the patient is here. */
export function WaitingRoomNotice({ therapeut }: { therapeut: string | null }) {
  return (
    <Alert severity="info" role="status">
      <AlertTitle>{VIDEO_MESSAGES.warteraum}</AlertTitle>
      {warteraumText(therapeut?.trim() || OHNE_NAMEN)}
    </Alert>
  );
}
