import { INHALT_TEXTS } from '@dihs/contract/inhalt';
import { NAVIGATION_TEXTS, type NavigationEdit } from '@dihs/contract/navigation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderWithApp, stubFetch, operatorSession } from '../../../test/render.tsx';
import { NavigationEditorPage } from './navigation-editor-page.tsx';

const EDITOR = operatorSession('NAVIGATION_EDITIEREN');

const EDIT: NavigationEdit = {
  version: 4,
  baum: [
    {
      id: 1,
      titel: 'Über uns',
      type: 'menue',
      kinder: [
        {
          id: 2,
          titel: 'Team',
          type: 'eintrag',
          aktiv: true,
          urlDto: { urlType: 'SEITE', ziel: 'team', statisch: false },
        },
        {
          id: 3,
          titel: 'FAQ',
          type: 'eintrag',
          aktiv: true,
          urlDto: { urlType: 'SEITE', ziel: 'faq', statisch: true },
        },
      ],
    },
    { id: 4, titel: 'Service', type: 'menue', kinder: [] },
  ],
  belegteUrls: ['team', 'faq', 'Alt-Im-Papierkorb'],
};

afterEach(() => vi.unstubAllGlobals());

const tree = () => screen.getByRole('list', { name: 'Menübaum' });
const node = (name: RegExp) => within(tree()).getByRole('button', { name });
const renderPage = () => renderWithApp(<NavigationEditorPage />, { path: '/navigation', session: fakeSession(EDITOR) });
const postedTree = (fetchMock: ReturnType<typeof stubFetch>) => {
  const call = fetchMock.mock.calls.find(([url, init]) => url === '/api/navigation/edit' && init?.method === 'POST');
  return JSON.parse(call?.[1]?.body as string) as { version: number; baum: unknown[] };
};

describe('NavigationEditorPage', { timeout: 20_000 }, () => {
  it('moves and re-parents nodes locally and saves the whole tree with its version', async () => {
    const fetchMock = stubFetch({
      'GET /api/navigation/edit': { body: EDIT },
      'GET /api/navigation/trash': { body: [] },
      'POST /api/navigation/edit': { body: [] },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /^FAQ/ }));
    const options = screen.getByRole('region', { name: 'Optionen für FAQ' });
    expect(within(options).getByRole('button', { name: 'Nach unten' })).toBeDisabled();
    expect(within(options).getByRole('button', { name: 'Seite löschen' })).toBeDisabled();
    expect(within(options).getByText('Statische Seiten können nicht gelöscht werden.')).toBeInTheDocument();
    await userEvent.click(within(options).getByRole('button', { name: 'Nach oben' }));
    expect(within(options).getByRole('button', { name: 'Nach oben' })).toBeDisabled();

    await userEvent.click(node(/^Team/));
    const team = screen.getByRole('region', { name: 'Optionen für Team' });
    await userEvent.click(within(team).getByRole('combobox', { name: 'Übergeordnetes Menü' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Service' }));
    expect(screen.getByText(/Ungespeicherte Änderungen/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    const dialog = await screen.findByRole('dialog', { name: NAVIGATION_TEXTS.erfolgTitel });
    expect(dialog).toHaveTextContent(NAVIGATION_TEXTS.erfolgText);
    const sent = postedTree(fetchMock);
    expect(sent.version).toBe(4);
    expect(sent.baum).toMatchObject([
      { id: 1, kinder: [{ id: 3 }] },
      { id: 4, kinder: [{ id: 2 }] },
    ]);
  });

  it('creates a page with the rules of spec 3 and a temporary id', async () => {
    const fetchMock = stubFetch({
      'GET /api/navigation/edit': { body: EDIT },
      'GET /api/navigation/trash': { body: [] },
      'POST /api/navigation/edit': { body: [] },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /^Service/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Neue Seite erstellen' }));
    const dialog = screen.getByRole('dialog', { name: 'Neue Seite erstellen' });
    expect(dialog).toHaveTextContent('kommt in: Service');
    const create = within(dialog).getByRole('button', { name: 'Erstellen' });
    expect(create).toBeDisabled();

    const titel = within(dialog).getByLabelText(/Titel/);
    await userEvent.type(titel, 'x');
    await userEvent.clear(titel);
    expect(within(dialog).getByText(INHALT_TEXTS.titelLeer)).toBeInTheDocument();
    await userEvent.type(titel, 'Sommerkurs');
    const url = within(dialog).getByLabelText(/Url/);
    await userEvent.type(url, 'x');
    await userEvent.clear(url);
    expect(within(dialog).getByText(INHALT_TEXTS.urlLeer)).toBeInTheDocument();
    await userEvent.type(url, 'alt-im-papierkorb');
    expect(within(dialog).getByText(INHALT_TEXTS.urlBelegt)).toBeInTheDocument();
    await userEvent.clear(url);
    await userEvent.type(url, 'sommer kurs');
    expect(within(dialog).getByText(INHALT_TEXTS.urlZeichen)).toBeInTheDocument();
    expect(create).toBeDisabled();
    await userEvent.clear(url);
    await userEvent.type(url, 'sommerkurs');
    await userEvent.click(create);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Seite „Sommerkurs“ wurde in „Service“ angelegt. Gespeichert wird sie mit „Speichern“.',
    );

    expect(node(/^Sommerkurs/)).toHaveTextContent('neu');
    await userEvent.click(screen.getByRole('button', { name: 'Neues Menü erstellen' }));
    const menuDialog = screen.getByRole('dialog', { name: 'Neues Menü erstellen' });
    await userEvent.type(within(menuDialog).getByLabelText(/Titel/), 'Aktuelles');
    await userEvent.click(within(menuDialog).getByRole('button', { name: 'Erstellen' }));

    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    await screen.findByRole('dialog', { name: NAVIGATION_TEXTS.erfolgTitel });
    expect(postedTree(fetchMock).baum).toMatchObject([
      { id: 1 },
      {
        id: 4,
        kinder: [
          {
            id: 'n1',
            titel: 'Sommerkurs',
            type: 'eintrag',
            toCreate: true,
            urlDto: { urlType: 'SEITE', ziel: 'sommerkurs' },
          },
          { id: 'n2', titel: 'Aktuelles', type: 'menue', toCreate: true },
        ],
      },
    ]);
  });

  it('lists the pages to delete after a save and sends the choice of the trash', async () => {
    const fetchMock = stubFetch({
      'GET /api/navigation/edit': { body: EDIT },
      'GET /api/navigation/trash': { body: [] },
      'POST /api/navigation/edit': { body: [{ id: 20, titel: 'Team', url: 'team' }] },
      'POST /api/navigation/trash': { body: true },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /^Team/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Seite löschen' }));
    expect(within(tree()).queryByRole('button', { name: /^Team/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));

    const confirm = await screen.findByRole('dialog', { name: 'Seiten löschen?' });
    expect(within(confirm).getByRole('list', { name: 'Zu löschende Seiten' })).toHaveTextContent('Team/inhalt/team');
    await userEvent.click(within(confirm).getByRole('button', { name: 'In den Papierkorb' }));
    await screen.findByRole('dialog', { name: NAVIGATION_TEXTS.erfolgTitel });
    const call = fetchMock.mock.calls.find(([url, init]) => url === '/api/navigation/trash' && init?.method === 'POST');
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({ ids: [20], final: false });
  });

  it('shows the conflict of an outdated version and reloads the tree on closing', async () => {
    const fetchMock = stubFetch({
      'GET /api/navigation/edit': { body: EDIT },
      'GET /api/navigation/trash': { body: [] },
      'POST /api/navigation/edit': { status: 409, body: { message: NAVIGATION_TEXTS.konflikt } },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /^Service/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Menü löschen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    const dialog = await screen.findByRole('dialog', { name: NAVIGATION_TEXTS.fehlerTitel });
    expect(dialog).toHaveTextContent(NAVIGATION_TEXTS.konflikt);
    const loads = () =>
      fetchMock.mock.calls.filter(([url, init]) => url === '/api/navigation/edit' && init?.method === 'GET').length;
    expect(loads()).toBe(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('button', { name: /^Service/ })).toBeInTheDocument();
    expect(loads()).toBe(2);
  });

  it('keeps the edits after a failed save, with the spec text', async () => {
    stubFetch({
      'GET /api/navigation/edit': { body: EDIT },
      'GET /api/navigation/trash': { body: [] },
      'POST /api/navigation/edit': { status: 500, body: { message: 'kaputt' } },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /^Service/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Menü löschen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    const dialog = await screen.findByRole('dialog', { name: NAVIGATION_TEXTS.fehlerTitel });
    expect(dialog).toHaveTextContent(NAVIGATION_TEXTS.fehlerText);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(within(tree()).queryByRole('button', { name: /^Service/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Ungespeicherte Änderungen/)).toBeInTheDocument();
  });
});
