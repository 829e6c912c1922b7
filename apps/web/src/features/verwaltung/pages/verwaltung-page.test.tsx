import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderWithApp, stubFetch, operatorSession } from '../../../test/render.tsx';
import { VerwaltungPage } from './verwaltung-page.tsx';

const OPERATOR = operatorSession('ANWENDUNG_VERWALTEN');

const renderPage = () =>
  renderWithApp(<VerwaltungPage />, { path: '/betreiber/verwaltung', session: fakeSession(OPERATOR) });
const bodiesOf = (fetchMock: ReturnType<typeof stubFetch>, key: string): unknown[] =>
  fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${url as string}` === key)
    .map(([, init]): unknown => JSON.parse(init?.body as string));

afterEach(() => vi.unstubAllGlobals());

function stub() {
  return stubFetch({
    'GET /api/betreiber/verwaltung/Befunde/get': { body: [{ id: 1, type: 'BEFUND', value: 'Rückenschmerzen' }] },
    'GET /api/betreiber/verwaltung/Einzeltermine/Inhalte/get': { body: [] },
    'GET /api/betreiber/verwaltung/Sonstige/get': { body: [{ id: 5, type: 'TERMIN_HINWEIS', value: 'Matte' }] },
    // the saved entry as the server answers it: a new one gets id 7
    'POST /api/betreiber/verwaltung/save': (init) => {
      const body = JSON.parse(init.body as string) as { id: number | null; type: string; value: string };
      return { body: { ...body, id: body.id ?? 7 } };
    },
    'POST /api/betreiber/verwaltung/delete': { body: { id: 1 } },
  });
}

describe('VerwaltungPage', () => {
  it('creates a Befund from the empty field and shows the rule message for a too long one', async () => {
    const fetchMock = stub();
    const user = userEvent.setup();
    renderPage();
    const befunde = await screen.findByRole('region', { name: 'Befunde' });
    expect(await within(befunde).findByDisplayValue('Rückenschmerzen')).toBeInTheDocument();
    const neu = within(befunde).getByLabelText('Neuer Eintrag: Befund');
    await user.type(neu, 'x'.repeat(31));
    expect(within(befunde).getByText('Ein Befund hat höchstens 30 Zeichen.')).toBeInTheDocument();
    await user.tab();
    expect(bodiesOf(fetchMock, 'POST /api/betreiber/verwaltung/save')).toEqual([]);
    await user.clear(neu);
    await user.type(neu, 'Knie{Enter}');
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST /api/betreiber/verwaltung/save')).toEqual([
        { id: null, type: 'BEFUND', value: 'Knie' },
      ]),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Befund „Knie“ wurde angelegt.');
  });

  it('saves a changed Befund once when Enter is pressed and the field is then left', async () => {
    const fetchMock = stub();
    const user = userEvent.setup();
    renderPage();
    const befunde = await screen.findByRole('region', { name: 'Befunde' });
    const feld = await within(befunde).findByDisplayValue('Rückenschmerzen');
    await user.type(feld, ' links{Enter}');
    await user.tab();
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST /api/betreiber/verwaltung/save')).toEqual([
        { id: 1, type: 'BEFUND', value: 'Rückenschmerzen links' },
      ]),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Befund „Rückenschmerzen links“ wurde gespeichert.');
    expect(within(befunde).getByText('Gerade gespeichert')).toBeInTheDocument();
    expect(
      screen.getByText('Was Patientinnen und Patienten für ihren Termin bereithalten sollen.'),
    ).toBeInTheDocument();
  });

  it('deletes with the icon and saves a general setting only after a change, with revert', async () => {
    const fetchMock = stub();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Befund „Rückenschmerzen“ löschen' }));
    await waitFor(() => expect(bodiesOf(fetchMock, 'POST /api/betreiber/verwaltung/delete')).toEqual([{ id: 1 }]));
    expect(await screen.findByRole('alert')).toHaveTextContent('Befund „Rückenschmerzen“ wurde gelöscht.');
    const sonstige = screen.getByRole('region', { name: 'Sonstige Einstellungen' });
    const feld = await within(sonstige).findByRole('textbox', { name: 'Hinweis zur Terminvorbereitung' });
    const speichern = within(sonstige).getByRole('button', { name: 'Hinweis zur Terminvorbereitung speichern' });
    expect(speichern).toBeDisabled();
    await user.type(feld, ' und Handtuch');
    await user.click(within(sonstige).getByRole('button', { name: 'Hinweis zur Terminvorbereitung zurücksetzen' }));
    expect(feld).toHaveValue('Matte');
    await user.type(feld, '!');
    await user.click(speichern);
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'POST /api/betreiber/verwaltung/save')).toEqual([
        { id: 5, type: 'TERMIN_HINWEIS', value: 'Matte!' },
      ]),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('„Hinweis zur Terminvorbereitung“ wurde gespeichert.'),
    );
  });
});
