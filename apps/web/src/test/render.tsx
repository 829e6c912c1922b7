import { privilegeCode, type Privilege, type Role } from '@dihs/contract/common/roles';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { SaveNoticeProvider } from '../components/save-notice.tsx';
import { FollowDataChanges } from '../lib/endpoint-query.ts';
import { SessionContext, type SessionContextValue } from '../lib/session-context.ts';
import { theme } from '../app/theme.ts';
import type { Session } from '../lib/session.ts';

/** A logged-in viewer whose token outlives the tests; privileges by name. */
export function testSession({
  sub,
  role,
  userId,
  privileges = [],
}: {
  sub: string;
  role: Role;
  userId: number;
  privileges?: Privilege[];
}): Session {
  return { sub, role, userId, privileges: privileges.map(privilegeCode), exp: 2_000_000_000 };
}

/** The demo operator (user 1) with the given privileges: most operator screens' viewer. */
export const operatorSession = (...privileges: Privilege[]): Session =>
  testSession({ sub: 'betreiber@demo.de', role: 'BETREIBER', userId: 1, privileges });

export function fakeSession(
  session: Session | null,
  overrides: Partial<SessionContextValue> = {},
): SessionContextValue {
  return {
    session,
    token: session ? 'token' : null,
    login: vi.fn(),
    renew: vi.fn(() => Promise.resolve()),
    logout: vi.fn(),
    holdSession: vi.fn(() => () => undefined),
    ...overrides,
  };
}

interface RenderOptions {
  path?: string;
  session?: SessionContextValue;
  /** A cache filled beforehand (e.g. by a route's prefetch); a fresh one without retries otherwise. */
  queryClient?: QueryClient;
}

/** Renders routes at a path inside theme, query client and a given (fake) session. */
export function renderRoutes(
  routes: RouteObject[],
  {
    path = '/',
    session = fakeSession(null),
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  }: RenderOptions = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <FollowDataChanges />
        <SessionContext value={session}>
          <SaveNoticeProvider>
            <RouterProvider router={router} />
          </SaveNoticeProvider>
        </SessionContext>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...result, router, queryClient };
}

/** Renders one element at a path; `routes` adds the pages it may redirect to. */
export function renderWithApp(element: ReactElement, options: RenderOptions & { routes?: RouteObject[] } = {}) {
  const { path = '/', routes = [] } = options;
  return renderRoutes(
    [{ path: path.split('?')[0], element }, ...routes, { path: '*', element: <p>Andere Seite</p> }],
    options,
  );
}

/** A fetch stub answering JSON by "METHOD /path"; unknown calls answer 404. */
const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** The URLs a fetch stub was called with, in order. */
export const requestedUrls = (fetchMock: ReturnType<typeof stubFetch>): string[] =>
  fetchMock.mock.calls.map(([input]) => urlOf(input));

export function stubFetch(
  answers: Record<
    string,
    { status?: number; body: unknown } | ((init: RequestInit) => { status?: number; body: unknown })
  >,
) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = urlOf(input);
    const key = `${init.method ?? 'GET'} ${url}`;
    const entry = answers[key];
    const answer =
      typeof entry === 'function' ? entry(init) : (entry ?? { status: 404, body: { message: 'Nicht gefunden' } });
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
