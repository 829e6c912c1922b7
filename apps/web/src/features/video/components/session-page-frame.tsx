import { VIDEO_MESSAGES } from '@dihs/contract/video';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import type { PreparedSession } from '../hooks/use-prepared-session.ts';
import { SessionRefusal } from './session-refusal.tsx';

/** The conference id of the address: a positive int4, anything else is unknown. */
export const parseConferenceId = (value: string | undefined): number | null =>
  value !== undefined && /^\d{1,10}$/.test(value) && Number(value) > 0 && Number(value) <= 2_147_483_647
    ? Number(value)
    : null;

/** Heading of both session pages; an address without a valid conference id is refused before anything loads. */
export function SessionPageFrame({
  exitPath,
  children,
}: {
  exitPath: string;
  children: (conferenceId: number) => ReactNode;
}) {
  const conferenceId = parseConferenceId(useParams().conferenceId);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Videositzung
      </Typography>
      {conferenceId === null ? (
        <SessionRefusal refusal={{ title: VIDEO_MESSAGES.unbekannt, text: '' }} exitPath={exitPath} />
      ) : (
        children(conferenceId)
      )}
    </Container>
  );
}

/** While the session is not ready: the loading indicator, or the server's refusal with the way back. */
export function SessionPreparation({
  prepared,
  exitPath,
}: {
  prepared: Exclude<PreparedSession, { phase: 'ready' }>;
  exitPath: string;
}) {
  return prepared.phase === 'loading' ? (
    <LoadingIndicator label="Sitzung wird vorbereitet" />
  ) : (
    <SessionRefusal refusal={prepared.refusal} exitPath={exitPath} />
  );
}
