import { ACCOUNT_MESSAGES } from '@dihs/contract/accounts';
import { act, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { renderRoutes, stubFetch } from '../../../test/render.tsx';
import { EmailConfirmationPage } from './email-confirmation-page.tsx';
import { EmailResetPage } from './email-reset-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const CODE = 'Code_123-abc';

/** The page under its route pattern, so that :code is read from the path. */
const renderAt = (pattern: string, element: ReactElement) =>
  renderRoutes(
    [
      { path: pattern, element },
      { path: '*', element: <p>Andere Seite</p> },
    ],
    { path: pattern.replace(':code', CODE) },
  );

describe('EmailConfirmationPage', () => {
  it('confirms once on load, even with React running effects twice, and shows the success text', async () => {
    const fetchMock = stubFetch({
      [`GET /api/patient/email/bestaetigen/${CODE}`]: { body: { status: 'BESTAETIGT' } },
    });
    renderAt(
      '/emailbestaetigen/:code',
      <StrictMode>
        <EmailConfirmationPage />
      </StrictMode>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.bestaetigungErfolg);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/?login');
  });

  it('says that an address confirmed before is confirmed, offers the login and stays on the page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch({ [`GET /api/patient/email/bestaetigen/${CODE}`]: { body: { status: 'BEREITS_BESTAETIGT' } } });
    const { router } = renderAt('/emailbestaetigen/:code', <EmailConfirmationPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ACCOUNT_MESSAGES.bestaetigungBereitsErfolgt);
    expect(alert).not.toHaveTextContent(ACCOUNT_MESSAGES.bestaetigungFehler);
    expect(screen.getByText(ACCOUNT_MESSAGES.bestaetigungBereitsLogin)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/?login');
    await act(() => vi.advanceTimersByTimeAsync(8000));
    expect(router.state.location.pathname).toBe(`/emailbestaetigen/${CODE}`);
  });

  it('shows the failure text and then goes to the start page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch({ [`GET /api/patient/email/bestaetigen/${CODE}`]: { status: 400, body: { message: 'ungültig' } } });
    const { router } = renderAt('/emailbestaetigen/:code', <EmailConfirmationPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.bestaetigungFehler);
    expect(screen.getByText(/zur Startseite weitergeleitet/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/emailbestaetigen/${CODE}`);
    await act(() => vi.advanceTimersByTimeAsync(8000));
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('EmailResetPage', () => {
  it('shows the success text once the change is completed', async () => {
    stubFetch({ [`GET /api/patient/email/reset/${CODE}`]: { body: true } });
    renderAt('/emailreset/:code', <EmailResetPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.emailResetErfolg);
  });

  it("shows the spec's failure text", async () => {
    stubFetch({ [`GET /api/patient/email/reset/${CODE}`]: { status: 400, body: { message: 'vergeben' } } });
    renderAt('/emailreset/:code', <EmailResetPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Beim Zurückseten ist ein Fehler aufgetreten!');
  });
});
