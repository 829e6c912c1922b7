import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LoadingIndicator } from './loading-indicator.tsx';

interface AdminListPageProps {
  title: string;
  /** The label of the create button, e.g. "Neue Firma". */
  addLabel: string;
  onAdd: () => void;
  /** The list's state: while loading the indicator, on failure the error text, else `children`. */
  isPending: boolean;
  isError: boolean;
  loadingLabel: string;
  errorText: string;
  /** The loaded list (usually its table). */
  children: ReactNode;
  /** Text under the list, shown in every state. */
  footer?: ReactNode;
  /** The create, edit and delete dialogs of the page. */
  dialogs?: ReactNode;
}

/** The frame of an operator's list page: heading with a create button and the list in an outlined panel. */
export function AdminListPage({
  title,
  addLabel,
  onAdd,
  isPending,
  isError,
  loadingLabel,
  errorText,
  children,
  footer,
  dialogs,
}: AdminListPageProps) {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography variant="h1" sx={{ mr: 'auto' }}>
          {title}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
          {addLabel}
        </Button>
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        {isPending ? (
          <LoadingIndicator label={loadingLabel} />
        ) : isError ? (
          <Alert severity="error">{errorText}</Alert>
        ) : (
          children
        )}
        {footer}
      </Paper>
      {dialogs}
    </Container>
  );
}
