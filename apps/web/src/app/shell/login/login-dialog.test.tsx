import { MESSAGES } from '@dihs/contract/common/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../lib/session.ts';
import { fakeSession, renderWithApp, stubFetch } from '../../../test/render.tsx';
import { LoginDialog } from './login-dialog.tsx';

const PATIENT: Session = { sub: 'patient@demo.de', role: 'PATIENT', privileges: [], userId: 4, exp: 2_000_000_000 };

function renderDialog() {
  const login = vi.fn(() => Promise.resolve(PATIENT));
  const onClose = vi.fn();
  const view = renderWithApp(<LoginDialog open onClose={onClose} />, {
    session: fakeSession(null, { login }),
    routes: [{ path: '/cockpit', element: <p>Cockpit-Seite</p> }],
  });
  return { ...view, login, onClose, dialog: screen.getByRole('dialog', { name: 'Login' }) };
}

const bodyOf = (fetchMock: ReturnType<typeof stubFetch>, index: number): unknown =>
  JSON.parse(fetchMock.mock.calls[index]?.[1]?.body as string);

afterEach(() => vi.unstubAllGlobals());

describe('LoginDialog', () => {
  it('asks for the Auth-Code only when the account has a second factor, then logs in', async () => {
    const fetchMock = stubFetch({
      'POST /api/authenticate/secondFactorRequired': { body: true },
      'POST /api/authenticate': { body: { token: 'neues.token.x' } },
    });
    const { login, router, dialog } = renderDialog();

    expect(within(dialog).queryByLabelText('Auth-Code')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('E-Mail'), 'patient@demo.de');
    await userEvent.type(within(dialog).getByLabelText('Passwort'), 'Demo#2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Login' }));

    const codeField = await within(dialog).findByLabelText('Auth-Code');
    await waitFor(() => expect(codeField).toHaveFocus());
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await userEvent.type(codeField, '123456{Enter}');
    await waitFor(() => expect(login).toHaveBeenCalledWith('neues.token.x'));
    expect(bodyOf(fetchMock, 1)).toEqual({
      email: 'patient@demo.de',
      password: 'Demo#2026',
      secondFactorCode: '123456',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/cockpit'));
  });

  it("shows the server's message in the dialog Fehler bei der Anmeldung", async () => {
    stubFetch({
      'POST /api/authenticate/secondFactorRequired': { body: false },
      'POST /api/authenticate': { status: 401, body: { message: MESSAGES.loginFalsch, code: 'LOGIN_FAILED' } },
    });
    const { login, dialog } = renderDialog();

    await userEvent.type(within(dialog).getByLabelText('E-Mail'), 'patient@demo.de');
    await userEvent.type(within(dialog).getByLabelText('Passwort'), 'falsch{Enter}');

    const failure = await screen.findByRole('dialog', { name: 'Fehler bei der Anmeldung' });
    expect(failure).toHaveTextContent(MESSAGES.loginFalsch);
    expect(login).not.toHaveBeenCalled();
  });

  it('asks for the missing fields instead of calling the server', async () => {
    const fetchMock = stubFetch({});
    const { dialog } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(within(dialog).getByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requests a password reset with the address typed for the login, and allows a retry', async () => {
    const fetchMock = stubFetch({ 'POST /api/patient/passwort/reset': { body: true } });
    const { dialog, onClose } = renderDialog();

    await userEvent.type(within(dialog).getByLabelText('E-Mail'), 'patient@demo.de');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Passwort vergessen' }));
    expect(within(dialog).getByLabelText('E-Mail')).toHaveValue('patient@demo.de');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anfordern' }));

    expect(await within(dialog).findByText(MESSAGES.passwortResetErfolg)).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('patient@demo.de');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Erneut versuchen' }));
    expect(within(dialog).getByRole('button', { name: 'Anfordern' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the failure text when the reset request fails', async () => {
    stubFetch({ 'POST /api/patient/passwort/reset': { status: 429, body: { message: MESSAGES.zuVieleAnfragen } } });
    const { dialog } = renderDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Passwort vergessen' }));
    await userEvent.type(within(dialog).getByLabelText('E-Mail'), 'patient@demo.de{Enter}');
    expect(await within(dialog).findByText(MESSAGES.passwortResetFehler)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Schließen' })).toBeInTheDocument();
  });

  it('forgets what was typed when it closes', async () => {
    function Reopenable() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button onClick={() => setOpen(true)}>Öffnen</button>
          <LoginDialog open={open} onClose={() => setOpen(false)} />
        </>
      );
    }
    renderWithApp(<Reopenable />);
    const dialog = screen.getByRole('dialog', { name: 'Login' });
    await userEvent.type(within(dialog).getByLabelText('E-Mail'), 'patient@demo.de');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Passwort vergessen' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Öffnen' }));
    const reopened = await screen.findByRole('dialog', { name: 'Login' });
    expect(within(reopened).getByLabelText('E-Mail')).toHaveValue('');
    expect(within(reopened).getByLabelText('Passwort')).toBeInTheDocument();
  });
});
