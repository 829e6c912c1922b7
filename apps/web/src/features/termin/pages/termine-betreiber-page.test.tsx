import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderWithApp, stubFetch, operatorSession } from '../../../test/render.tsx';
import { terminFixture, therapeutFixture } from '../../../test/termin-fixture.ts';
import { TermineBetreiberPage } from './termine-betreiber-page.tsx';

const OPERATOR = operatorSession('TERMINE_EDITIEREN');

const TERMIN = terminFixture({
  id: 7,
  datum: '2026-12-01T16:30:00.000Z',
  everyoneView: true,
  teilnehmerList: [{ patientId: 9, userId: 9, firstname: 'Paula', lastname: 'Patientin', teilgenommen: false }],
});

const LIST = 'GET /api/termin/betreiber/all?typen=EINZEL%2CGRUPPE%2CTELEFON%2CANAMNESE%2CBEFUND&page=0&size=50';
const COMMON = {
  [LIST]: { body: { items: [TERMIN], total: 1 } },
  'GET /api/betreiber/verwaltung/Befunde/get': { body: [{ id: 1, type: 'BEFUND', value: 'Knie-Arthrose' }] },
  'GET /api/therapeut/betreiber/all': {
    body: [{ ...therapeutFixture(), email: 'therapeut@demo.de', aktiv: true, listenanzeige: true }],
  },
  'GET /api/firma/alle/terminEditieren': { body: [{ id: 3, bezeichner: 'Demo GmbH' }] },
  'GET /api/user/abo/9/privileges': { body: false },
};

const renderPage = () =>
  renderWithApp(<TermineBetreiberPage />, { path: '/betreiber/termine', session: fakeSession(OPERATOR) });

async function choose(dialog: HTMLElement, label: string, option: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: new RegExp(label) }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => vi.unstubAllGlobals());

describe('TermineBetreiberPage', () => {
  it('lists appointments in Berlin time and expands a row with participants and the subscription state', async () => {
    stubFetch(COMMON);
    renderPage();
    const row = await screen.findByRole('row', { name: /Rückenschmerzen 01\.12\.2026 17:30 Uhr Video-Gruppentermin/ });
    await userEvent.click(within(row).getByRole('button', { name: /Details anzeigen/ }));
    const region = screen.getByRole('region', { name: 'Termin Rückenschmerzen' });
    expect(region).toHaveTextContent('Status: Aktiv');
    expect(region).toHaveTextContent('In diesem Termin sieht jeder Teilnehmer jeden anderen.');
    expect(within(region).getByRole('link', { name: 'Paula Patientin' })).toHaveAttribute('href', '/profil/9');
    expect(await within(region).findByText('Kein Abo abgeschlossen')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Termin Absagen: Rückenschmerzen' })).toBeInTheDocument();
  });

  it('wires the form rules: messages, EINZEL fixes one participant, everyoneView only for GRUPPE, save when valid', async () => {
    const fetchMock = stubFetch({ ...COMMON, 'POST /api/termin/betreiber/save': { body: { ...TERMIN, id: 8 } } });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Termin hinzufügen' }));
    const dialog = screen.getByRole('dialog', { name: 'Termin hinzufügen' });
    const save = within(dialog).getByRole('button', { name: 'Speichern' });
    expect(save).toBeDisabled();

    await userEvent.type(within(dialog).getByLabelText(/Details/), 'x');
    await userEvent.clear(within(dialog).getByLabelText(/Details/));
    expect(within(dialog).getByText('Die Details dürfen nicht leer sein.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Details/), 'Kniegruppe');

    await choose(dialog, 'Befund', 'Knie-Arthrose');
    await choose(dialog, 'Terminart', 'Video-Gruppentermin');
    expect(within(dialog).getByLabelText('Jeder sieht jeden in diesem Termin')).toBeInTheDocument();
    await choose(dialog, 'Terminart', 'Video-Einzeltermin');
    expect(within(dialog).queryByLabelText('Jeder sieht jeden in diesem Termin')).not.toBeInTheDocument();
    const max = within(dialog).getByLabelText(/Max. Teilnehmer/);
    expect(max).toBeDisabled();
    expect(max).toHaveValue(1);

    await choose(dialog, 'Therapeut', 'Thomas Therapeut');
    // German pickers: a click on the field, then the digits section by section
    await userEvent.click(within(dialog).getByRole('group', { name: /^Datum/ }));
    await userEvent.keyboard('02122026');
    await userEvent.click(within(dialog).getByRole('group', { name: /^Uhrzeit/ }));
    await userEvent.keyboard('0915');
    expect(save).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Dauer/), '20');
    await waitFor(() => expect(save).toBeEnabled());

    // a company appointment needs a company
    await userEvent.click(within(dialog).getByLabelText('Firmentermin'));
    expect(save).toBeDisabled();
    await choose(dialog, 'Firma', 'Demo GmbH');
    await userEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Termin hinzufügen' })).not.toBeInTheDocument());
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({
      befund: 'Knie-Arthrose',
      details: 'Kniegruppe',
      termintyp: 'EINZEL',
      everyoneView: false,
      firmaId: 3,
      therapeutId: 4,
      datum: '2026-12-02',
      uhrzeit: '09:15',
      maxTeilnehmer: '1',
      dauer: '20',
    });
  }, 30_000);

  it('names a saved appointment in the snackbar and shows it above the list when the list does not hold it', async () => {
    let saved = false;
    const geaendert = { ...TERMIN, details: 'Rückenschule neu' };
    stubFetch({
      ...COMMON,
      // after the save the appointment is on another page of the list
      [LIST]: () => ({ body: saved ? { items: [], total: 60 } : { items: [TERMIN], total: 1 } }),
      'POST /api/termin/betreiber/save': () => {
        saved = true;
        return { body: geaendert };
      },
      'GET /api/termin/betreiber/7': { body: geaendert },
    });
    renderPage();
    const row = await screen.findByRole('row', { name: /Rückenschmerzen/ });
    await userEvent.click(within(row).getByRole('button', { name: /Details anzeigen/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Termin ändern' }));
    const dialog = screen.getByRole('dialog', { name: 'Termin ändern' });
    await userEvent.type(within(dialog).getByLabelText(/Details/), ' neu');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Termin „Rückenschmerzen, 01.12.2026 17:30 Uhr“ wurde gespeichert.',
    );
    const pinned = await screen.findByRole('region', { name: 'Gerade gespeicherter Termin' });
    expect(pinned).toHaveTextContent('Der gespeicherte Termin steht auf einer anderen Seite der Liste');
    const marked = within(pinned).getByRole('row', { name: /Rückenschmerzen 01\.12\.2026 17:30 Uhr/ });
    expect(marked).toHaveAttribute('aria-description', 'Gerade gespeichert');
  }, 20_000);

  it('posts the teilgenommen checkbox of a participant', async () => {
    const fetchMock = stubFetch({
      ...COMMON,
      'POST /api/terminanmeldung/patient/teilgenommen/7': {
        body: { patientId: 9, userId: 9, firstname: 'Paula', lastname: 'Patientin', teilgenommen: true },
      },
    });
    renderPage();
    const row = await screen.findByRole('row', { name: /Rückenschmerzen/ });
    await userEvent.click(within(row).getByRole('button', { name: /Details anzeigen/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Paula Patientin teilgenommen' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(call?.[0]).toBe('/api/terminanmeldung/patient/teilgenommen/7');
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({ patientId: 9, teilgenommen: true });
  });

  it('shows the refusal dialog when a past appointment cannot be cancelled', async () => {
    stubFetch({
      ...COMMON,
      'GET /api/termin/betreiber/absagen/7': {
        status: 400,
        body: { message: 'Der ausgewählte Termin liegt in der Vergangenheit' },
      },
    });
    renderPage();
    const row = await screen.findByRole('row', { name: /Rückenschmerzen/ });
    await userEvent.click(within(row).getByRole('button', { name: /Details anzeigen/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Termin Absagen: Rückenschmerzen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Termin absagen?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Termin absagen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Termin kann nicht abgesagt werden' });
    expect(dialog).toHaveTextContent('Der ausgewählte Termin liegt in der Vergangenheit');
  }, 15_000);
});
