import { ROUTES, STATIC_PAGE_URLS, staticPagePath, type AppRoute, type RouteKey } from '@dihs/contract/common/routes';
import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteErrorFallback } from './routes/error-page.tsx';
import { STATIC_PAGE_TITLES } from '../features/inhalt/static-page-titles.ts';
import { useRouteTitle } from '../lib/use-document-title.ts';
import { BearerLogin } from './bearer-login.tsx';
import { Guard } from './guard.tsx';
import { lazyPage } from './lazy-page.ts';
import { PageData } from './page-data.tsx';
import { RootLayout } from './root-layout.tsx';
import { ContentPage, PAGES } from './pages.tsx';

const VideoRoleGate = lazyPage(() => import('../features/video/components/role-gate.tsx'), 'VideoRoleGate');

/** The video sessions show "Unberechtigter Zugriff!" to a wrong role before their guard sends it to /. */
const VIDEO_SESSION_ROUTES: ReadonlySet<RouteKey> = new Set([
  'videosessionPatient',
  'videosessionApp',
  'videosessionTherapeut',
]);

function RouteTitle({ title }: { title: string }) {
  useRouteTitle(title);
  return null;
}

function routePage(key: RouteKey): ReactNode {
  const Page = PAGES[key];
  return <Page />;
}

function appRoute(key: RouteKey): RouteObject {
  const route: AppRoute = ROUTES[key];
  const checked = (
    <Guard guard={route.guard}>
      <RouteTitle title={route.title} />
      <PageData route={key} />
      {routePage(key)}
    </Guard>
  );
  const guarded = VIDEO_SESSION_ROUTES.has(key) ? (
    <VideoRoleGate guard={route.guard}>{checked}</VideoRoleGate>
  ) : (
    checked
  );
  return {
    path: route.path,
    element: key === 'videosessionApp' ? <BearerLogin>{guarded}</BearerLogin> : guarded,
  };
}

const staticPageRoutes: RouteObject[] = STATIC_PAGE_URLS.map((url) => ({
  path: staticPagePath(url),
  element: (
    <>
      <RouteTitle title={STATIC_PAGE_TITLES[url]} />
      <ContentPage url={url} />
    </>
  ),
}));

/** The spec's route table (spec 1, section 2.1) from the contract, plus the static content pages. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorFallback />,
    children: [
      {
        // a page that fails (a chunk lost after a deployment) keeps the shell around its error message
        errorElement: <RouteErrorFallback />,
        children: [
          ...(Object.keys(ROUTES) as RouteKey[]).map(appRoute),
          ...staticPageRoutes,
          { path: '*', element: <Navigate to="/error/404" replace /> },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
