import { MESSAGES } from '@dihs/contract/common/messages';
import { privilegeCode } from '@dihs/contract/common/roles';
import type { BetreiberProfil, EigenesProfil, PatientenView } from '@dihs/contract/profil';
import { SECOND_FACTOR_TEXTS } from '@dihs/contract/second-factor';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../lib/session.ts';
import { fakeSession, renderRoutes, stubFetch } from '../../test/render.tsx';
import { ProfilPage } from './profil-page.tsx';

const session = (role: Session['role'], userId: number, privileges: number[] = []): Session => ({
  sub: `${role.toLowerCase()}@demo.de`,
  role,
  privileges,
  userId,
  exp: 2_000_000_000,
});

const EMPTY = {
  strasse: '',
  hausnummer: '',
  plz: '',
  ort: '',
  land: '',
  geburtsdatum: null,
  telefon: '',
  ausbildung: '',
  schwerpunkte: '',
  beschreibung: '',
  listenanzeige: true,
  hatProfilbild: false,
};

const PAULA: EigenesProfil = {
  ...EMPTY,
  userId: 7,
  rolle: 'PATIENT',
  email: 'patient@demo.de',
  vorname: 'Paula',
  nachname: 'Patientin',
  strasse: 'Lindenstraße',
  hausnummer: '12',
  geburtsdatum: '1980-04-12',
  patientId: 7,
  therapeutId: null,
  patient: true,
};

const OPERATOR_VIEW_OF_PAULA: BetreiberProfil = {
  ...PAULA,
  privileges: [],
  aktiv: true,
  emailBestaetigt: false,
  eigenesProfil: false,
  geloescht: false,
};

const patientCommon = {
  'GET /api/firma/eine/patient/7': { body: null },
  'GET /api/secondFactor/status': { body: false },
};

/** The page under both of its routes, as the router has it. */
function renderPage(path: string, viewer: Session, overrides: Parameters<typeof fakeSession>[1] = {}) {
  return renderRoutes(
    [
      { path: '/profil', element: <ProfilPage /> },
      { path: '/profil/:userId', element: <ProfilPage /> },
      { path: '*', element: <p>Andere Seite</p> },
    ],
    { path, session: fakeSession(viewer, overrides) },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const bodyOf = (fetchMock: ReturnType<typeof stubFetch>, key: string): unknown => {
  const call = fetchMock.mock.calls.find(([url, init]) => `${init?.method ?? 'GET'} ${url as string}` === key);
  const body = call?.[1]?.body;
  return typeof body === 'string' &&
    call?.[1]?.headers instanceof Headers &&
    call[1].headers.get('Content-Type')?.includes('json')
    ? JSON.parse(body)
    : body;
};

describe('own profile (MY_PROFIL)', { timeout: 20_000 }, () => {
  it('edits a field with the edit link, the save link and the dialog "Änderungen Speichern?"', async () => {
    const fetchMock = stubFetch({
      'GET /api/profil/my': { body: PAULA },
      ...patientCommon,
      'POST /api/profil/change': { body: { ...PAULA, strasse: 'Ahornweg', hausnummer: '3' } },
    });
    renderPage('/profil', session('PATIENT', 7));

    expect(await screen.findByRole('heading', { level: 1, name: 'Paula Patientin' })).toBeInTheDocument();
    expect(screen.getByText('12.04.1980')).toBeInTheDocument();
    // the name is shown, not editable, for a patient
    expect(screen.queryByRole('button', { name: 'Name bearbeiten' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Straße und Hausnummer bearbeiten' }));
    const street = screen.getByLabelText('Straße');
    await userEvent.clear(street);
    await userEvent.type(street, 'Weg 1');
    expect(screen.getByText('Straße enthält unzulässige Zeichen.')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Straße und Hausnummer speichern' });
    expect(save).toBeDisabled();

    await userEvent.clear(street);
    await userEvent.type(street, 'Ahornweg');
    await userEvent.clear(screen.getByLabelText('Hausnummer'));
    await userEvent.type(screen.getByLabelText('Hausnummer'), '3');
    await userEvent.click(save);
    let dialog = screen.getByRole('dialog', { name: 'Änderungen Speichern?' });
    // Zurück: back to editing, the draft stays
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zurück' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Straße')).toHaveValue('Ahornweg');

    await userEvent.click(screen.getByRole('button', { name: 'Straße und Hausnummer speichern' }));
    dialog = screen.getByRole('dialog', { name: 'Änderungen Speichern?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByLabelText('Straße')).not.toBeInTheDocument());
    expect(bodyOf(fetchMock, 'POST /api/profil/change')).toEqual({ strasse: 'Ahornweg', hausnummer: '3' });
  });

  it('Verwerfen throws the draft away', async () => {
    const fetchMock = stubFetch({ 'GET /api/profil/my': { body: PAULA }, ...patientCommon });
    renderPage('/profil', session('PATIENT', 7));
    await userEvent.click(await screen.findByRole('button', { name: 'Telefon bearbeiten' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Telefon' }), '0301234');
    await userEvent.click(screen.getByRole('button', { name: 'Telefon speichern' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Änderungen Speichern?' })).getByRole('button', { name: 'Verwerfen' }),
    );
    expect(screen.queryByRole('textbox', { name: 'Telefon' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows "Netzwerkfehler" when the save does not reach the server', async () => {
    const fetchMock = stubFetch({ 'GET /api/profil/my': { body: PAULA }, ...patientCommon });
    renderPage('/profil', session('PATIENT', 7));
    await userEvent.click(await screen.findByRole('button', { name: 'Land bearbeiten' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Land' }), 'Deutschland');
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('offline')));
    await userEvent.click(screen.getByRole('button', { name: 'Land speichern' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Änderungen Speichern?' })).getByRole('button', { name: 'Speichern' }),
    );
    const failure = await screen.findByRole('dialog', { name: MESSAGES.netzwerkfehlerTitel });
    expect(failure).toHaveTextContent(MESSAGES.netzwerkfehlerText);
    // the draft survives (behind the modal dialog)
    expect(screen.getByRole('textbox', { name: 'Land', hidden: true })).toHaveValue('Deutschland');
  });

  it('counts the therapist texts against their limits', async () => {
    const therapist: EigenesProfil = {
      ...PAULA,
      rolle: 'THERAPEUT',
      userId: 3,
      patient: false,
      patientId: null,
      therapeutId: 3,
      schwerpunkte: 'Rücken',
    };
    stubFetch({
      'GET /api/profil/my': { body: therapist },
      'GET /api/firma/eine/therapeut/3': { body: { id: 1, bezeichner: 'Demo GmbH' } },
      'GET /api/secondFactor/status': { body: false },
    });
    renderPage('/profil', session('THERAPEUT', 3));
    expect(await screen.findByText('Demo GmbH')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Schwerpunkte bearbeiten' }));
    expect(screen.getByText('6/80')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('textbox', { name: 'Schwerpunkte' }));
    await userEvent.paste('x'.repeat(75));
    expect(screen.getByText('81/80')).toBeInTheDocument();
    expect(screen.getByText('Maximale Länge beachten')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Schwerpunkte speichern' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Ausbildung bearbeiten' }));
    expect(screen.getByText('0/300')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Foto hochladen' })).toBeInTheDocument();
  });

  it('changes the own password and continues the session with the token the answer carries', async () => {
    const fetchMock = stubFetch({
      'GET /api/profil/my': { body: PAULA },
      ...patientCommon,
      'POST /api/patient/passwort/aendern': { body: { token: 'frisches.token.x' } },
    });
    const renew = vi.fn(() => Promise.resolve());
    renderPage('/profil', session('PATIENT', 7), { renew });

    await userEvent.click(await screen.findByRole('button', { name: 'Passwort bearbeiten' }));
    await userEvent.type(screen.getByLabelText('Neues Passwort'), 'Neues#Passwort1');
    await userEvent.type(screen.getByLabelText('Neues Passwort wiederholen'), 'Neues#Passwort1');
    await userEvent.type(screen.getByLabelText('Aktuelles Passwort'), 'Demo#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Änderungen Speichern?' })).getByRole('button', { name: 'Speichern' }),
    );

    expect(await screen.findByRole('dialog', { name: 'Passwort ändern' })).toHaveTextContent(
      'Ihr Passwort wurde geändert.',
    );
    expect(renew).toHaveBeenCalledWith('frisches.token.x');
    expect(bodyOf(fetchMock, 'POST /api/patient/passwort/aendern')).toEqual({
      passwort: 'Neues#Passwort1',
      passwortWiederholen: 'Neues#Passwort1',
      aktuellesPasswort: 'Demo#2026',
    });
  });
});

describe('two-factor dialog (own profile)', { timeout: 20_000 }, () => {
  it('asks the password, shows QR code and key, checks the code, and reports success', async () => {
    let activations = 0;
    stubFetch({
      'GET /api/profil/my': { body: PAULA },
      ...patientCommon,
      'POST /api/secondFactor/activate': (init) => {
        const body = JSON.parse(init.body as string) as { password: string; token?: string };
        activations++;
        if (body.password !== 'Demo#2026')
          return { status: 401, body: { message: SECOND_FACTOR_TEXTS.passwortFalsch } };
        if (!body.token) return { body: { qrCode: 'data:image/png;base64,AAAA', privateKey: 'JBSWY3DPEHPK3PXP' } };
        if (body.token !== '123456') return { status: 400, body: { message: SECOND_FACTOR_TEXTS.codeFalsch } };
        return { body: true };
      },
    });
    const logout = vi.fn();
    renderPage('/profil', session('PATIENT', 7), { logout });
    expect(await screen.findByText(SECOND_FACTOR_TEXTS.deaktiviert)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Einrichten' }));
    const dialog = screen.getByRole('dialog', { name: 'Zwei-Faktor-Authentisierung einrichten' });
    const weiter = within(dialog).getByRole('button', { name: 'Weiter' });
    expect(weiter).toBeDisabled();

    await userEvent.type(within(dialog).getByLabelText(/Passwort/), 'Falsch#1');
    await userEvent.click(weiter);
    expect(await within(dialog).findByText(SECOND_FACTOR_TEXTS.passwortFalsch)).toBeInTheDocument();
    // a wrong password does not end the session
    expect(logout).not.toHaveBeenCalled();

    await userEvent.clear(within(dialog).getByLabelText(/Passwort/));
    await userEvent.type(within(dialog).getByLabelText(/Passwort/), 'Demo#2026');
    await userEvent.click(weiter);
    expect(await within(dialog).findByRole('img', { name: 'QR-Code für die Authenticator-App' })).toBeInTheDocument();
    expect(within(dialog).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();

    const code = within(dialog).getByLabelText('6-stelliger Code');
    await userEvent.type(code, '12345');
    expect(within(dialog).getByText('Der Code muss 6 Zeichen lang sein.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Aktivieren' })).toBeDisabled();
    await userEvent.type(code, '9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aktivieren' }));
    expect(await within(dialog).findByText(SECOND_FACTOR_TEXTS.codeFalsch)).toBeInTheDocument();

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Aktivieren' }));
    expect(await within(dialog).findByText(SECOND_FACTOR_TEXTS.erfolgAktiviert)).toBeInTheDocument();
    expect(activations).toBe(4);
  });

  it('says "Fehler bei der Validierung" for any other failure', async () => {
    stubFetch({
      'GET /api/profil/my': { body: PAULA },
      ...patientCommon,
      'POST /api/secondFactor/activate': { status: 500, body: { message: 'kaputt' } },
    });
    renderPage('/profil', session('PATIENT', 7));
    await userEvent.click(await screen.findByRole('button', { name: 'Einrichten' }));
    const dialog = screen.getByRole('dialog', { name: 'Zwei-Faktor-Authentisierung einrichten' });
    await userEvent.type(within(dialog).getByLabelText(/Passwort/), 'Demo#2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    expect(await within(dialog).findByText(SECOND_FACTOR_TEXTS.validierungFehler)).toBeInTheDocument();
  });
});

describe('operator view (BETREIBER_VIEW)', { timeout: 20_000 }, () => {
  const OPERATOR = session('BETREIBER', 1, [
    privilegeCode('BENUTZER_VERWALTEN'),
    privilegeCode('PATIENT_LOESCHEN'),
    privilegeCode('PATIENT_TERMINE_BUCHEN'),
  ]);
  const operatorCommon = {
    'GET /api/profil/other/7/betreiber': { body: OPERATOR_VIEW_OF_PAULA },
    'GET /api/firma/eine/patient/7': { body: null },
    'GET /api/firma/alle': {
      body: [
        {
          id: 4,
          bezeichner: 'Demo GmbH',
          hatLogo: false,
          statistikSchreiben: false,
          logoPath: null,
          logoLink: null,
          linkTarget: false,
        },
      ],
    },
    'GET /api/secondFactor/betreiber/status/7': { body: false },
    'GET /api/patient/email/confirmed/patient%40demo.de': { body: false },
    'GET /api/authority/PATIENT': { body: [privilegeCode('STATISTIK_SCHREIBEN')] },
    'GET /api/dokumentation/betreiber/7': {
      body: [
        {
          id: 1,
          therapeutVorname: 'Thomas',
          therapeutNachname: 'Therapeut',
          email: 'therapeut@demo.de',
          datum: '2026-03-01T09:00:00Z',
          beitrag: 'Schulter frei.',
          vonBetreiber: false,
        },
      ],
    },
    'GET /api/profil/betreiber/istgeloescht/7/': { body: false },
  };

  it('shows the sections of a patient, the confirmation status and the icon links', async () => {
    stubFetch(operatorCommon);
    renderPage('/profil/7', OPERATOR);
    expect(await screen.findByRole('heading', { level: 1, name: 'Paula Patientin' })).toBeInTheDocument();
    expect(await screen.findByText(/Steht noch aus\.\.\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Erneut Senden?' })).toBeInTheDocument();
    expect(screen.getByText('Keine Firmenzugehörigkeit')).toBeInTheDocument();
    const icons = screen.getByRole('navigation', { name: 'Patientenakte' });
    expect(within(icons).getByRole('link', { name: 'Anamnesebogen' })).toHaveAttribute('href', '/anamnese/7');
    expect(within(icons).getByRole('link', { name: 'Befundfragebögen' })).toHaveAttribute(
      'href',
      '/patient/fragebogen/7',
    );
    expect(within(icons).getByRole('link', { name: 'Trainingsplan' })).toHaveAttribute(
      'href',
      '/therapeut/trainingsplan/7',
    );
    expect(within(icons).getByRole('link', { name: 'Termine für Patient' })).toHaveAttribute(
      'href',
      '/betreiber/termine/patient/7',
    );
    expect(within(icons).getByRole('link', { name: 'Rezepte' })).toHaveAttribute('href', '/betreiber/rezepte/7');
    expect(await screen.findByText('Schulter frei.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Patient endgültig löschen' })).toBeEnabled();
    // no set-up for patients, only the status
    expect(screen.getByText(SECOND_FACTOR_TEXTS.deaktiviert)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Einrichten' })).not.toBeInTheDocument();
  });

  it('saves privileges (only those of the role) and the Aktiv/Gesperrt switch', async () => {
    const fetchMock = stubFetch({
      ...operatorCommon,
      'POST /api/user/other/7/privileges': {
        body: { id: 7, email: 'patient@demo.de', privileges: [17], active: false },
      },
    });
    renderPage('/profil/7', OPERATOR);
    const edit = await screen.findByRole('button', { name: 'Berechtigungen und Status bearbeiten' });
    await waitFor(() => expect(edit).toBeEnabled());
    await userEvent.click(edit);
    await userEvent.click(screen.getByRole('combobox', { name: 'Berechtigungen' }));
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Statistik schreiben']);
    await userEvent.click(options[0]!);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('switch', { name: 'Aktiv' }));
    expect(screen.getByRole('switch', { name: 'Gesperrt' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Berechtigungen und Status speichern' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Änderungen Speichern?' })).getByRole('button', { name: 'Speichern' }),
    );
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'POST /api/user/other/7/privileges')).toEqual({
        privileges: [privilegeCode('STATISTIK_SCHREIBEN')],
        active: false,
      }),
    );
  });

  it('shows the own profile read-only with the tooltip text', async () => {
    const own: BetreiberProfil = {
      ...OPERATOR_VIEW_OF_PAULA,
      userId: 1,
      rolle: 'BETREIBER',
      email: 'betreiber@demo.de',
      vorname: 'Bettina',
      nachname: 'Betreiber',
      patient: false,
      patientId: null,
      eigenesProfil: true,
    };
    stubFetch({
      'GET /api/profil/other/1/betreiber': { body: own },
      'GET /api/secondFactor/betreiber/status/1': { body: false },
      'GET /api/authority/BETREIBER': { body: [5] },
    });
    renderPage('/profil/1', OPERATOR);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bettina Betreiber' })).toBeInTheDocument();
    expect(screen.getAllByText(MESSAGES.eigenesProfil).length).toBeGreaterThan(0);
    const locked = screen.getAllByLabelText(new RegExp(`bearbeiten: ${MESSAGES.eigenesProfil}`));
    expect(locked.length).toBeGreaterThanOrEqual(5);
    for (const wrapper of locked) expect(within(wrapper).getByRole('button')).toBeDisabled();
  });

  it('enables the deletion only 6 seconds after LÖSCHEN is typed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    stubFetch({ ...operatorCommon, 'DELETE /api/profil/betreiber/deleteforever/7/': { body: 'gestartet' } });
    renderPage('/profil/7', OPERATOR);
    const open = await screen.findByRole('button', { name: 'Patient endgültig löschen' });
    await waitFor(() => expect(open).toBeEnabled());
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Patient endgültig löschen' });
    await user.click(within(dialog).getByRole('button', { name: 'Löschvorgang starten' }));
    const confirm = within(dialog).getByRole('button', { name: 'Endgültig löschen' });
    await user.type(within(dialog).getByLabelText('Bestätigung'), 'löschen');
    await act(() => vi.advanceTimersByTimeAsync(7000));
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Bestätigung'));
    await user.type(within(dialog).getByLabelText('Bestätigung'), 'LÖSCHEN');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(confirm).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);
    expect(await within(dialog).findByText(/Die Löschung wurde gestartet/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    expect(await screen.findByText('Andere Seite')).toBeInTheDocument();
  });
});

describe('therapist looking at a patient (PATIENTEN_VIEW)', { timeout: 20_000 }, () => {
  it('shows name, birth date, phone, remarks and adds documentation as text', async () => {
    const view: PatientenView = {
      userId: 7,
      patientId: 7,
      vorname: 'Paula',
      nachname: 'Patientin',
      geburtsdatum: '1980-04-12',
      telefon: '030 1234567',
      beschreibung: 'Rückruf erbeten',
    };
    const fetchMock = stubFetch({
      'GET /api/profil/other/7/patient': { body: view },
      'GET /api/dokumentation/7': { body: [] },
      'POST /api/dokumentation/7': {
        body: {
          id: 2,
          therapeutVorname: 'Thomas',
          therapeutNachname: 'Therapeut',
          email: 'therapeut@demo.de',
          datum: '2026-03-01T09:00:00Z',
          beitrag: 'Gute Fortschritte',
          vonBetreiber: false,
        },
      },
    });
    renderPage('/profil/7', session('THERAPEUT', 3));
    expect(await screen.findByRole('heading', { level: 1, name: 'Paula Patientin' })).toBeInTheDocument();
    expect(screen.getByText('030 1234567')).toBeInTheDocument();
    expect(screen.getByText('Rückruf erbeten')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Termine für Patient' })).not.toBeInTheDocument();
    expect(await screen.findByText('Es sind noch keine Einträge vorhanden.')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Eintrag hinzufügen' });
    expect(add).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Neuer Eintrag'), 'Gute Fortschritte');
    await userEvent.click(add);
    await waitFor(() => expect(bodyOf(fetchMock, 'POST /api/dokumentation/7')).toBe('Gute Fortschritte'));
  });
});

describe('view selection', () => {
  it('sends a non-operator opening the own id to /profil', async () => {
    stubFetch({ 'GET /api/profil/my': { body: PAULA }, ...patientCommon });
    const { router } = renderPage('/profil/7', session('PATIENT', 7));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profil'));
  });

  it('opens the 404 page for a malformed id', async () => {
    stubFetch({});
    const { router } = renderPage('/profil/abc', session('PATIENT', 7));
    await waitFor(() => expect(router.state.location.pathname).toBe('/error/404'));
  });
});
