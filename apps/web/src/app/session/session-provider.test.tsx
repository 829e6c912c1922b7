import { SITZUNG_ENDE_TEXTS } from '@dihs/contract/auth';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { MESSAGES } from '@dihs/contract/common/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api-client.ts';
import { renderRoutes, requestedUrls, stubFetch } from '../../test/render.tsx';
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
      MESSAGES.loginAbgelaufenText,
    );
    expect(stored.token).toBeNull();
  });

  it('locks the page when the token expires: "Login abgelaufen" over it, the token dropped; "Abmelden" leaves', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stored.token = makeToken({ exp: nowInSeconds() + 60 });
    const { router } = renderProvider();
    expect(await screen.findByText(/Angemeldet/)).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    const lock = await screen.findByRole('dialog', { name: 'Login abgelaufen' });
    expect(lock).toHaveTextContent(MESSAGES.loginAbgelaufenText);
    expect(lock).toHaveTextContent(SITZUNG_ENDE_TEXTS.eingabenBleiben);
    // the page stays beneath, the token is gone (a reload starts logged out)
    expect(router.state.location.pathname).toBe('/konto');
    expect(stored.token).toBeNull();
    await userEvent.click(within(lock).getByRole('button', { name: SITZUNG_ENDE_TEXTS.abmelden }));
    expect(await screen.findByText('Startseite')).toBeInTheDocument();
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

  it('continues with a renewed token: stores it, sends it, and a call refused for the old one is repeated', async () => {
    const old = makeToken({ sub: 'patient@demo.de', userId: 7 });
    stored.token = old;
    renderProvider();
    await screen.findByText('Angemeldet: patient@demo.de');

    // a call that went out with the old token and is refused only after the renewal; its repetition goes through
    let answerLate: (response: Response) => void = () => undefined;
    const lateFetch = vi.fn((_url: string, init: RequestInit) =>
      new Headers(init.headers).get('Authorization') === `Bearer ${old}`
        ? new Promise<Response>((resolve) => (answerLate = resolve))
        : Promise.resolve(Response.json({ wiederholt: true })),
    );
    vi.stubGlobal('fetch', lateFetch);
    const late = apiRequest('/api/profil').catch((error: unknown) => error);
    await waitFor(() => expect(lateFetch).toHaveBeenCalled());

    renewWith = makeToken({ sub: 'patient@demo.de', userId: 7, exp: nowInSeconds() + 7200 });
    await userEvent.click(screen.getByRole('button', { name: 'Erneuern' }));
    await waitFor(() => expect(stored.token).toBe(renewWith));

    await act(async () => {
      answerLate(new Response(JSON.stringify({ message: 'Ungültig' }), { status: 401 }));
      expect(await late).toEqual({ wiederholt: true });
    });
    expect(new Headers(lateFetch.mock.calls[1]?.[1]?.headers).get('Authorization')).toBe(`Bearer ${renewWith}`);
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

  it('locks the page when the server refuses the token; the same account logs in again and the call is repeated', async () => {
    const token = makeToken({ sub: 'patient@demo.de', userId: 7 });
    stored.token = token;
    const { router } = renderProvider();
    await screen.findByText(/Angemeldet/);
    const renewed = makeToken({ sub: 'patient@demo.de', userId: 7, exp: nowInSeconds() + 7200 });
    const fetchMock = stubFetch({
      'PUT /api/profil': (init) =>
        new Headers(init.headers).get('Authorization') === `Bearer ${renewed}`
          ? { body: { gespeichert: true } }
          : { status: 401, body: { message: MESSAGES.sitzungInaktiv, code: ERROR_CODES.sessionIdle } },
      'POST /api/authenticate/secondFactorRequired': { body: false },
      'POST /api/authenticate': { body: { token: renewed } },
    });

    let saved: Promise<unknown> = Promise.resolve();
    act(() => {
      saved = apiRequest('/api/profil', { method: 'PUT', json: { vorname: 'Paula' } });
    });
    const lock = await screen.findByRole('dialog', { name: SITZUNG_ENDE_TEXTS.inaktivTitel });
    expect(lock).toHaveTextContent(MESSAGES.sitzungInaktiv);
    expect(stored.token).toBeNull();
    expect(within(lock).getByLabelText('E-Mail')).toHaveValue('patient@demo.de');
    expect(within(lock).getByLabelText('E-Mail')).toHaveAttribute('readonly');
    await userEvent.type(within(lock).getByLabelText('Passwort'), 'Demo#2026');
    await userEvent.click(within(lock).getByRole('button', { name: SITZUNG_ENDE_TEXTS.erneutAnmelden }));

    // the refused save goes through with the new login; the page never left
    await act(async () => {
      await expect(saved).resolves.toEqual({ gespeichert: true });
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/konto');
    expect(stored.token).toBe(renewed);
    const saves = fetchMock.mock.calls.filter(([url]) => url === '/api/profil');
    expect(saves).toHaveLength(2);
    expect(saves[1]?.[1]?.body).toBe(JSON.stringify({ vorname: 'Paula' }));
  });

  it('tells a locked account why, and only leaves', async () => {
    stored.token = makeToken();
    renderProvider();
    await screen.findByText(/Angemeldet/);
    stubFetch({
      'GET /api/profil': {
        status: 401,
        body: { message: MESSAGES.loginInaktiv, code: ERROR_CODES.accountInactive },
      },
    });
    act(() => {
      void apiRequest('/api/profil').catch(() => undefined);
    });
    const lock = await screen.findByRole('dialog', { name: SITZUNG_ENDE_TEXTS.kontoGesperrtTitel });
    expect(lock).toHaveTextContent(MESSAGES.loginInaktiv);
    expect(within(lock).queryByLabelText('Passwort')).not.toBeInTheDocument();
    await userEvent.click(within(lock).getByRole('button', { name: SITZUNG_ENDE_TEXTS.ok }));
    expect(await screen.findByText('Startseite')).toBeInTheDocument();
  });
});

describe('SessionProvider idle time (issue 31 item 6)', () => {
  const idleToken = () => makeToken({ inaktivNachSekunden: 30 * 60, exp: nowInSeconds() + 8 * 3600 });

  it('locks the page after the idle time without activity, naming it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stored.token = idleToken();
    renderProvider();
    await screen.findByText(/Angemeldet/);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29 * 60_000);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    const lock = await screen.findByRole('dialog', { name: SITZUNG_ENDE_TEXTS.inaktivTitel });
    expect(lock).toHaveTextContent(SITZUNG_ENDE_TEXTS.inaktiv(30));
  });

  it('input on a page that has not asked the server for a minute sends the keep-alive; its answer is activity', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stored.token = idleToken();
    renderProvider();
    await screen.findByText(/Angemeldet/);
    const fetchMock = stubFetch({ 'POST /api/sitzungen/aktiv': { body: true } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20 * 60_000);
    });
    await userEvent.keyboard('a');
    await waitFor(() => expect(requestedUrls(fetchMock)).toEqual(['/api/sitzungen/aktiv']));
    // at most once a minute
    await userEvent.keyboard('b');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20 * 60_000);
    });
    expect(requestedUrls(fetchMock)).toEqual(['/api/sitzungen/aktiv']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('never locks while held (a video session in progress)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stored.token = idleToken();
    let release: () => void = () => undefined;
    function Holder() {
      const { holdSession } = useSession();
      return <button onClick={() => (release = holdSession())}>Halten</button>;
    }
    renderRoutes(
      [
        {
          element: (
            <SessionProvider>
              <Holder />
              <Outlet />
            </SessionProvider>
          ),
          children: [{ path: '/konto', element: <p>Konto</p> }],
        },
      ],
      { path: '/konto' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Halten' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50 * 60_000);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => release());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(31 * 60_000);
    });
    expect(await screen.findByRole('dialog', { name: SITZUNG_ENDE_TEXTS.inaktivTitel })).toBeInTheDocument();
  });
});
