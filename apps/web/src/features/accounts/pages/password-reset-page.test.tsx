import { ACCOUNT_MESSAGES } from '@dihs/contract/accounts';
import { PASSWORD_MESSAGES } from '@dihs/contract/common/rules';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../../../test/render.tsx';
import { PasswordResetPage } from './password-reset-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const CODE = 'AbC_123-xyz';
const renderPage = () =>
  renderRoutes([{ path: '/passwortreset/:code', element: <PasswordResetPage /> }], { path: `/passwortreset/${CODE}` });
const passwordField = () => screen.getByLabelText(/^Passwort( \*)?$/);

describe('PasswordResetPage', () => {
  it('shows the title, the rules and counters, and enables the button only for a valid matching pair', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Bitte wählen Sie ein neues Passwort' })).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Passwort setzen' });
    expect(button).toBeDisabled();
    await user.type(passwordField(), 'ohnegross1#');
    expect(screen.getByText(PASSWORD_MESSAGES.upper)).toBeInTheDocument();
    expect(screen.getByText('11/40')).toBeInTheDocument();
    await user.clear(passwordField());
    await user.type(passwordField(), 'Neues#Pw2026');
    await user.type(screen.getByLabelText(/^Passwort wiederholen/), 'Neues#Pw2025');
    expect(screen.getByText(PASSWORD_MESSAGES.repeat)).toBeInTheDocument();
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText(/^Passwort wiederholen/), '{Backspace}6');
    expect(button).toBeEnabled();
  });

  it('sets the password with the code from the path and offers the way back to the login', async () => {
    const fetchMock = stubFetch({ [`POST /api/patient/passwort/reset/${CODE}`]: { body: true } });
    const user = userEvent.setup();
    renderPage();
    await user.type(passwordField(), 'Neues#Pw2026');
    await user.type(screen.getByLabelText(/^Passwort wiederholen/), 'Neues#Pw2026{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.passwortGesetzt);
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toEqual({
      passwort: 'Neues#Pw2026',
      passwortWiederholen: 'Neues#Pw2026',
    });
    expect(screen.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/?login');
  });

  it('shows the failure text for a used or expired code', async () => {
    stubFetch({
      [`POST /api/patient/passwort/reset/${CODE}`]: { status: 400, body: { message: 'Der Link ist ungültig.' } },
    });
    const user = userEvent.setup();
    renderPage();
    await user.type(passwordField(), 'Neues#Pw2026');
    await user.type(screen.getByLabelText(/^Passwort wiederholen/), 'Neues#Pw2026');
    await user.click(screen.getByRole('button', { name: 'Passwort setzen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.passwortSetzenFehler);
  });
});
