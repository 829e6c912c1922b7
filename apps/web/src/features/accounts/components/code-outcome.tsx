import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';

interface CodeOutcomeProps {
  title: string;
  status: 'pending' | 'success' | 'error';
  pendingLabel: string;
  successText: string;
  failureText: string;
  /** Further sentences under the alert (e.g. the coming redirect). */
  details?: ReactNode;
  /** Buttons or links under the message. */
  actions?: ReactNode;
}

/** The page behind a mailed link: a spinner while the code is checked, then the spec's success or failure text. */
export function CodeOutcome({
  title,
  status,
  pendingLabel,
  successText,
  failureText,
  details,
  actions,
}: CodeOutcomeProps) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      {status === 'pending' ? (
        <LoadingIndicator label={pendingLabel} />
      ) : (
        // role alert: the outcome replaces the spinner, so screen readers must hear it without moving focus
        <Alert severity={status === 'success' ? 'success' : 'error'} role="alert">
          {status === 'success' ? successText : failureText}
        </Alert>
      )}
      {status !== 'pending' && details && <Box sx={{ mt: 2 }}>{details}</Box>}
      {status !== 'pending' && actions && (
        <Box sx={{ mt: 3, display: 'flex', gap: 2, flexWrap: 'wrap' }}>{actions}</Box>
      )}
    </Container>
  );
}
