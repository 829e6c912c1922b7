import { BENUTZER_TEXTS } from '@dihs/contract/users';
import { MESSAGES } from '@dihs/contract/common/messages';
import { privilegeCode } from '@dihs/contract/common/roles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderWithApp, stubFetch, operatorSession } from '../../../test/render.tsx';
import { BenutzerListePage } from './benutzer-liste-page.tsx';

const OPERATOR = operatorSession('BENUTZER_VERWALTEN');
const THERAPISTS = [
  {
    id: 7,
    email: 'therapeut@demo.de',
    privileges: [privilegeCode('UEBUNGEN_VERWALTEN_THERAPEUT')],
    active: true,
    vorname: 'Thomas',
    nachname: 'Therapeut',
    firma: null,
  },
  { id: 8, email: 'gesperrt@demo.de', privileges: [], active: false, vorname: '', nachname: '', firma: null },
];
const PATIENTS = [
  {
    id: 11,
    email: 'f.p@demo.de',
    privileges: [],
    active: true,
    vorname: 'Fiona',
    nachname: 'Firmenpatientin',
    firma: 'Demo GmbH',
  },
  { id: 12, email: 'paul@demo.de', privileges: [], active: false, vorname: 'Paul', nachname: 'Patient', firma: null },
  { id: 13, email: 'neu@demo.de', privileges: [], active: true, vorname: '', nachname: '', firma: null },
];

function renderPage(tab = 'therapeuten') {
  return renderWithApp(<BenutzerListePage />, {
    path: `/betreiber/benutzer/liste?tab=${tab}`,
    session: fakeSession(OPERATOR),
    routes: [{ path: '/profil/:userId', element: <p>Profilseite</p> }],
  });
}
const bodyOf = (fetchMock: ReturnType<typeof stubFetch>, key: string): unknown => {
  const call = fetchMock.mock.calls.find(([url, init]) => `${init?.method ?? 'GET'} ${url as string}` === key);
  return call?.[1]?.body;
};

afterEach(() => vi.unstubAllGlobals());

describe('BenutzerListePage', () => {
  it('shows the four tabs and the users of a role with privilege chips, status and profile link', async () => {
    const fetchMock = stubFetch({ 'POST /api/benutzerliste': { body: THERAPISTS } });
    renderPage();
    const tabs = screen.getByRole('tablist', { name: 'Benutzergruppen' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Betreiber', 'Therapeuten', 'Patienten', 'Gesperrte Benutzer']);
    const table = await screen.findByRole('table', { name: 'Therapeuten' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Übungen verwalten (Therapeut)')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Aktiv')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Gesperrt')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Profil von Thomas Therapeut' })).toHaveAttribute(
      'href',
      '/profil/7',
    );
    expect(bodyOf(fetchMock, 'POST /api/benutzerliste')).toBe('"THERAPEUT"');
  });

  it('shows patients with name, e-mail, company and status and finds them by any of these', async () => {
    stubFetch({ 'POST /api/benutzerliste': { body: PATIENTS } });
    renderPage('patienten');
    const table = await screen.findByRole('table', { name: 'Patienten' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'E-Mail', 'Firma', 'Berechtigungen', 'Status', 'Profil']);
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(names()).toEqual(['Fiona Firmenpatientin', 'Paul Patient', 'Kein Name angegeben']);
    expect(within(within(table).getAllByRole('row')[1]!).getByText('Demo GmbH')).toBeInTheDocument();

    const search = screen.getByRole('searchbox', { name: 'Suchen (Name, E-Mail, Firma, Status)' });
    for (const [term, expected] of [
      ['fiona firmen', ['Fiona Firmenpatientin']],
      ['demo gmbh', ['Fiona Firmenpatientin']],
      ['PAUL@', ['Paul Patient']],
      ['gesperrt', ['Paul Patient']],
      ['neu@demo', ['Kein Name angegeben']],
    ] as const) {
      await userEvent.clear(search);
      await userEvent.type(search, term);
      expect(names()).toEqual(expected);
    }
    await userEvent.clear(search);
    await userEvent.type(search, 'niemand');
    expect(within(table).getByText('Keine Benutzer gefunden')).toBeInTheDocument();
  });

  it('creates a user: the button stays disabled until the e-mail is valid, then the profile opens', async () => {
    const fetchMock = stubFetch({
      'POST /api/benutzerliste': { body: THERAPISTS },
      'POST /api/user/other/THERAPEUT/new': { body: 42 },
    });
    const { router } = renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Neuer Therapeut' }));
    const dialog = screen.getByRole('dialog', { name: 'Neuen Therapeut anlegen.' });
    const submit = within(dialog).getByRole('button', { name: 'Anlegen' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/E-Mail/), 'ohne-at');
    await userEvent.tab();
    expect(submit).toBeDisabled();
    expect(within(dialog).getByText('E-Mail ist nicht valide.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/E-Mail/), '@Praxis.de');
    await userEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profil/42'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Therapeut „ohne-at@praxis.de“ wurde angelegt. Die Person erhält eine E-Mail, um ihr Passwort festzulegen.',
    );
    expect(bodyOf(fetchMock, 'POST /api/user/other/THERAPEUT/new')).toBe('ohne-at@praxis.de');
  });

  it('shows "Bitte warten ..." while the account is created', async () => {
    let finish: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url === '/api/benutzerliste'
          ? Promise.resolve(Response.json([]))
          : new Promise<Response>((resolve) => {
              finish = resolve;
            }),
      ),
    );
    renderPage('betreiber');
    await userEvent.click(screen.getByRole('button', { name: 'Neuer Betreiber' }));
    const dialog = screen.getByRole('dialog', { name: 'Neuen Betreiber anlegen.' });
    await userEvent.type(within(dialog).getByLabelText(/E-Mail/), 'chefin@praxis.de');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(BENUTZER_TEXTS.bitteWarten);
    expect(within(dialog).getByRole('button', { name: 'Anlegen' })).toBeDisabled();
    finish(Response.json(null));
    expect(await within(dialog).findByText(BENUTZER_TEXTS.emailNichtVergeben)).toBeInTheDocument();
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });

  it('says when the address could not be given, and when anything else failed', async () => {
    let answer: { status?: number; body: unknown } = { body: null };
    stubFetch({
      'POST /api/benutzerliste': { body: [] },
      'POST /api/user/other/PATIENT/new': () => answer,
    });
    renderPage('patienten');
    await userEvent.click(screen.getByRole('button', { name: 'Neuer Patient' }));
    const dialog = screen.getByRole('dialog', { name: 'Neuen Patient anlegen.' });
    await userEvent.type(within(dialog).getByLabelText(/E-Mail/), 'patient@demo.de');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    expect(await within(dialog).findByText(BENUTZER_TEXTS.emailNichtVergeben)).toBeInTheDocument();

    answer = { status: 500, body: { message: MESSAGES.serverfehler } };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    expect(await within(dialog).findByText(BENUTZER_TEXTS.unbekannterFehler)).toBeInTheDocument();
  });

  it('unlocks the selected locked accounts', async () => {
    const fetchMock = stubFetch({
      'GET /api/user/locked/list': { body: ['a@demo.de', 'b@demo.de'] },
      'POST /api/user/locked/unlock': { body: ['b@demo.de'] },
    });
    renderPage('gesperrt');
    const unlock = await screen.findByRole('button', { name: BENUTZER_TEXTS.sperrungenAufheben });
    expect(unlock).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'a@demo.de' }));
    await userEvent.click(unlock);
    expect(await screen.findByText('Eine Sperrung wurde aufgehoben.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'a@demo.de' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'b@demo.de' })).not.toBeChecked();
    expect(bodyOf(fetchMock, 'POST /api/user/locked/unlock')).toBe('["a@demo.de"]');
  });

  it('says when no account is locked, and shows the network error when unlocking fails', async () => {
    stubFetch({ 'GET /api/user/locked/list': { body: [] } });
    renderPage('gesperrt');
    expect(await screen.findByText(BENUTZER_TEXTS.keineGesperrten)).toBeInTheDocument();

    vi.unstubAllGlobals();
    stubFetch({
      'GET /api/user/locked/list': { body: ['a@demo.de'] },
      'POST /api/user/locked/unlock': { status: 500, body: { message: MESSAGES.serverfehler } },
    });
    renderPage('gesperrt');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'a@demo.de' }));
    await userEvent.click(screen.getByRole('button', { name: BENUTZER_TEXTS.sperrungenAufheben }));
    const error = await screen.findByRole('dialog', { name: MESSAGES.netzwerkfehlerTitel });
    expect(error).toHaveTextContent(MESSAGES.netzwerkfehlerText);
  });
});
