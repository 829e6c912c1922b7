import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api-client.ts';
import { renderRoutes, stubFetch } from '../../test/render.tsx';
import { makeToken, nowInSeconds } from '../../test/tokens.ts';
import { useSession } from './session-context.ts';
import { SessionProvider } from './session-provider.tsx';

// jsdom has no Web Crypto or IndexedDB; the encryption itself is tested in lib/auth-storage.test.ts
const stored = await vi.hoisted(async () =>
  (await import('../../test/fake-token-storage.ts')).createFakeTokenStorage(),
);
vi.mock('../../lib/auth-storage.ts', () => ({ tokenStorage: () => stored }));

function Viewer() {
  const { session, logout } = useSession();
  return (
    <>
      <p>{session ? `Angemeldet: ${session.sub}` : 'Abgemeldet'}</p>
      <button onClick={logout}>Abmelden</button>
    </>
  );
}

// like the app, the provider lives in a layout route, so it outlives the navigation to the start page
const renderProvider = () =>
  renderRoutes(
    [
      {
        element: (
          <SessionProvider>
            <Viewer />
            <Outlet />
          </SessionProvider>
        ),
        children: [
          { path: '/', element: <p>Startseite</p> },
          { path: '/konto', element: <p>Konto</p> },
        ],
      },
    ],
    { path: '/konto' },
  );

beforeEach(() => {
  stored.token = null;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SessionProvider', () => {
  it('restores the stored session', async () => {
    stored.token = makeToken({ sub: 'therapeut@demo.de', role: 'THERAPEUT' });
    renderProvider();
    expect(await screen.findByText('Angemeldet: therapeut@demo.de')).toBeInTheDocument();
  });

  it('logs out at once when the stored token has expired, and says so', async () => {
    stored.token = makeToken({ exp: nowInSeconds() - 10 });
    renderProvider();
    expect(await screen.findByText('Abgemeldet')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Login abgelaufen' })).toHaveTextContent(
      'Ihr Login ist abgelaufen, bitte loggen Sie Sich erneut ein.',
    );
    expect(stored.token).toBeNull();
  });

  it('logs out when the token expires, returns to the start page and shows Login abgelaufen', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stored.token = makeToken({ exp: nowInSeconds() + 60 });
    const { router } = renderProvider();
    expect(await screen.findByText(/Angemeldet/)).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    expect(await screen.findByRole('dialog', { name: 'Login abgelaufen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(stored.token).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('logs out to the start page', async () => {
    stored.token = makeToken();
    const { router } = renderProvider();
    await userEvent.click(await screen.findByRole('button', { name: 'Abmelden' }));
    expect(await screen.findByText('Startseite')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(stored.token).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('logs out when the server refuses the token', async () => {
    const token = makeToken();
    stored.token = token;
    renderProvider();
    await screen.findByText(/Angemeldet/);
    const fetchMock = stubFetch({ 'GET /api/profil': { status: 401, body: { message: 'Ungültig' } } });

    await act(async () => {
      await expect(apiRequest('/profil')).rejects.toMatchObject({ status: 401 });
    });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe(`Bearer ${token}`);
    expect(await screen.findByText('Startseite')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Login abgelaufen' })).toBeInTheDocument();
    expect(stored.token).toBeNull();
  });
});
