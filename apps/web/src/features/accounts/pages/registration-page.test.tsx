import { ACCOUNT_MESSAGES } from '@dihs/contract/accounts';
import { PASSWORD_MESSAGES } from '@dihs/contract/common/rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubFetch } from '../../../test/render.tsx';
import { RegistrationPage } from './registration-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const renderPage = () => renderWithApp(<RegistrationPage />, { path: '/registrieren' });

/** Pastes every valid value (one input event per field keeps the test fast). */
async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  const values: [RegExp, string][] = [
    [/^Vorname/, 'Renate'],
    [/^Nachname/, 'Müller-Lüdenscheidt'],
    [/^E-Mail/, 'Renate@Test.de'],
    [/^Passwort( \*)?$/, 'Sicher#2026'],
    [/^Passwort wiederholen/, 'Sicher#2026'],
    [/^Straße/, 'Am Weiher'],
    [/^Hausnummer/, '7a'],
    [/^PLZ/, '50667'],
    [/^Stadt/, 'Köln'],
    [/^Land/, 'Deutschland'],
  ];
  for (const [label, value] of values) {
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  }
  // the German date picker: its day section, then the digits (23.04.1961)
  await user.click(within(screen.getByRole('group', { name: /^Geburtsdatum/ })).getAllByRole('spinbutton')[0]!);
  await user.keyboard('23041961');
  await user.click(screen.getByRole('checkbox'));
}

describe('RegistrationPage', () => {
  it('keeps the button disabled until every rule holds, showing messages and counters under the fields', async () => {
    const user = userEvent.setup();
    renderPage();
    const button = screen.getByRole('button', { name: 'Registrieren' });
    expect(button).toBeDisabled();

    await user.type(screen.getByLabelText(/^Vorname/), 'Renate2');
    expect(screen.getByText('Vorname enthält unzulässige Zeichen.')).toBeInTheDocument();
    expect(screen.getByText('7/30')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Vorname/));
    expect(screen.getByText('Vorname darf nicht leer sein.')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Passwort( \*)?$/), 'kurz');
    expect(screen.getByText(PASSWORD_MESSAGES.length)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Passwort wiederholen/), 'anders');
    expect(screen.getByText(PASSWORD_MESSAGES.repeat)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('checkbox'));
    expect(screen.getByText(ACCOUNT_MESSAGES.einverstaendnis)).toBeInTheDocument();
    expect(button).toBeDisabled();
  });

  it('links the consent to the two pages in a new tab', () => {
    renderPage();
    expect(screen.getByRole('link', { name: /Einverständnis zur Videotherapie/ })).toHaveAttribute(
      'href',
      '/einverstaendnis_videotherapie',
    );
    const terms = screen.getByRole('link', { name: /Nutzungsbestimmungen/ });
    expect(terms).toHaveAttribute('href', '/nutzungsbestimmungen');
    expect(terms).toHaveAttribute('target', '_blank');
  });

  it('sends the form, shows the success alert and goes to / when it is dismissed', async () => {
    const fetchMock = stubFetch({ 'POST /api/patient/registrieren': { body: true } });
    const user = userEvent.setup();
    const { router } = renderPage();
    await fillValid(user);
    const button = screen.getByRole('button', { name: 'Registrieren' });
    expect(button).toBeEnabled();
    await user.click(button);

    const dialog = await screen.findByRole('dialog', { name: ACCOUNT_MESSAGES.registrierungErfolg });
    expect(dialog).toHaveTextContent(ACCOUNT_MESSAGES.registrierungBitteBestaetigen);
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toMatchObject({
      vorname: 'Renate',
      email: 'Renate@Test.de',
      geburtsdatum: '1961-04-23',
      einverstaendnis: true,
    });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the failure text when the server refuses', async () => {
    stubFetch({
      'POST /api/patient/registrieren': { status: 400, body: { message: 'email: E-Mail ist nicht valide.' } },
    });
    const user = userEvent.setup();
    renderPage();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(ACCOUNT_MESSAGES.registrierungFehler);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText(/^Vorname/)).toHaveValue('Renate');
  });
});
