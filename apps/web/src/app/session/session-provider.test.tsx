import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api-client.ts';
import { renderRoutes, stubFetch } from '../../test/render.tsx';
import { makeToken, nowInSeconds } from '../../test/tokens.ts';
import { useSession } from '../../lib/session-context.ts';
import { SessionProvider } from './session-provider.tsx';

// jsdom has no Web Crypto or IndexedDB; the encryption itself is tested in lib/auth-storage.test.ts
const stored = await vi.hoisted(async () =>
  (await import('../../test/fake-token-storage.ts')).createFakeTokenStorage(),
);
vi.mock('../../lib/auth-storage.ts', () => ({ tokenStorage: () => stored }));

let renewWith = '';

function Viewer() {
  const { session, logout, renew } = useSession();
  return (
    <>
      <p>{session ? `Angemeldet: ${session.sub}` : 'Abgemeldet'}</p>
      <button onClick={logout}>Abmelden</button>
      <button onClick={() => void renew(renewWith)}>Erneuern</button>
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
    const fetchMock = stubFetch({ 'POST /api/logout': { body: true } });
    const { router } = renderProvider();
    await userEvent.click(await screen.findByRole('button', { name: 'Abmelden' }));
    expect(await screen.findByText('Startseite')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(stored.token).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // the revocation is loaded on demand; left running, it would reach the next test's fetch stub
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/logout', expect.anything()));
  });

  it('asks the server to revoke the logged-out token, with that token', async () => {
    const token = makeToken();
    stored.token = token;
    renderProvider();
    const fetchMock = stubFetch({ 'POST /api/logout': { body: true } });
    await userEvent.click(await screen.findByRole('button', { name: 'Abmelden' }));
    expect(await screen.findByText('Abgemeldet')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/logout', expect.anything()));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('logs out locally without waiting for the server, and a failing revocation changes nothing', async () => {
    stored.token = makeToken();
    const { router } = renderProvider();
    let answer: (response: Response) => void = () => undefined;
    const pending = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', pending);
    await userEvent.click(await screen.findByRole('button', { name: 'Abmelden' }));
    // the server has not answered, yet the session is gone
    expect(await screen.findByText('Startseite')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(stored.token).toBeNull();
    await waitFor(() => expect(pending).toHaveBeenCalled());
    await act(async () => {
      answer(new Response(JSON.stringify({ message: 'Ungültig' }), { status: 401 }));
      await Promise.resolve();
    });
    expect(screen.getByText('Abgemeldet')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('continues with a renewed token: stores it, sends it, and a 401 for the old one no longer logs out', async () => {
    const old = makeToken({ sub: 'patient@demo.de', userId: 7 });
    stored.token = old;
    renderProvider();
    await screen.findByText('Angemeldet: patient@demo.de');

    // a call that went out with the old token and is refused only after the renewal
    let answerLate: (response: Response) => void = () => undefined;
    const lateFetch = vi.fn(() => new Promise<Response>((resolve) => (answerLate = resolve)));
    vi.stubGlobal('fetch', lateFetch);
    const late = apiRequest('/api/profil').catch((error: unknown) => error);
    await waitFor(() => expect(lateFetch).toHaveBeenCalled());

    renewWith = makeToken({ sub: 'patient@demo.de', userId: 7, exp: nowInSeconds() + 7200 });
    await userEvent.click(screen.getByRole('button', { name: 'Erneuern' }));
    await waitFor(() => expect(stored.token).toBe(renewWith));

    await act(async () => {
      answerLate(new Response(JSON.stringify({ message: 'Ungültig' }), { status: 401 }));
      expect(await late).toMatchObject({ status: 401 });
    });
    expect(screen.getByText('Angemeldet: patient@demo.de')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const fetchMock = stubFetch({ 'GET /api/profil': { body: {} } });
    await act(async () => {
      await apiRequest('/api/profil');
    });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe(`Bearer ${renewWith}`);
  });

  it("ignores a renewal with another viewer's, an expired or a malformed token", async () => {
    const own = makeToken({ sub: 'patient@demo.de', userId: 7 });
    stored.token = own;
    renderProvider();
    await screen.findByText('Angemeldet: patient@demo.de');
    for (const token of [
      makeToken({ sub: 'andere@demo.de', userId: 8 }),
      makeToken({ userId: 7, exp: nowInSeconds() - 10 }),
      'kein-token',
    ]) {
      renewWith = token;
      await userEvent.click(screen.getByRole('button', { name: 'Erneuern' }));
    }
    // storage writes run in order; a renewal that was taken would have been written by now
    await act(() => Promise.resolve());
    expect(stored.token).toBe(own);
    expect(screen.getByText('Angemeldet: patient@demo.de')).toBeInTheDocument();
  });

  it('logs out when the server refuses the token', async () => {
    const token = makeToken();
    stored.token = token;
    renderProvider();
    await screen.findByText(/Angemeldet/);
    const fetchMock = stubFetch({ 'GET /api/profil': { status: 401, body: { message: 'Ungültig' } } });

    await act(async () => {
      await expect(apiRequest('/api/profil')).rejects.toMatchObject({ status: 401 });
    });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe(`Bearer ${token}`);
    expect(await screen.findByText('Startseite')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Login abgelaufen' })).toBeInTheDocument();
    expect(stored.token).toBeNull();
  });
});
