import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SaveNoticeProvider } from '../components/save-notice.tsx';
import { FollowDataChanges } from '../lib/endpoint-query.ts';
import { theme } from './theme.ts';

/** Theme, data cache and the save snackbar; the session lives inside the router (see root-layout.tsx). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <FollowDataChanges />
        <SaveNoticeProvider>{children}</SaveNoticeProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
