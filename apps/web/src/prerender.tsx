import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { appRoutes } from './app/router.tsx';

/**
 * The start page as a visitor sees it before the menu has arrived, rendered at build time (vite-prerender.ts): the
 * browser paints it from the HTML, and main.tsx hydrates it. The same tree as main.tsx's, so that React's ids and
 * emotion's class names match; emotion writes each component's styles as a style element beside it, which its
 * browser cache moves to the head before hydration (style-src allows inline styles, no script is inlined).
 */
export async function renderStartPage(): Promise<string> {
  const handler = createStaticHandler(appRoutes({ kind: 'visitor' }));
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`Die Startseite leitet weiter (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}
