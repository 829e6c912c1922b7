import '@dihs/contract/common/zod-browser';
import './app/fonts.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('#root fehlt in index.html');

const root = createRoot(container);
// A transition renders in slices of a few milliseconds and yields to the browser between them: the first render of a
// page (React, MUI's styles) no longer blocks input for hundreds of milliseconds on a slow phone (Total Blocking Time).
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>,
  );
});
