import { MESSAGES } from '@dihs/contract/common/messages';
import { FIRMA_TEXTS, type Firma } from '@dihs/contract/firma';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderWithApp, stubFetch, operatorSession } from '../../../test/render.tsx';
import { FirmenverwaltungPage } from './firmenverwaltung-page.tsx';

const OPERATOR = operatorSession('BENUTZER_VERWALTEN');
const DEMO: Firma = {
  id: 3,
  bezeichner: 'Demo GmbH',
  hatLogo: true,
  statistikSchreiben: true,
  logoPath: '/logo.png',
  logoLink: 'https://demo.example',
  linkTarget: false,
};

const renderPage = () =>
  renderWithApp(<FirmenverwaltungPage />, { path: '/betreiber/firmenverwaltung', session: fakeSession(OPERATOR) });
const bodyOf = (fetchMock: ReturnType<typeof stubFetch>, key: string): unknown => {
  const call = fetchMock.mock.calls.find(([url, init]) => `${init?.method ?? 'GET'} ${url as string}` === key);
  return JSON.parse(call?.[1]?.body as string);
};

afterEach(() => vi.unstubAllGlobals());

describe('FirmenverwaltungPage', () => {
  it('lists the companies with their fields', async () => {
    stubFetch({ 'GET /api/firma/alle': { body: [DEMO] } });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Firmen' });
    const row = within(table).getByRole('row', { name: /Demo GmbH/ });
    expect(row).toHaveTextContent('/logo.png');
    expect(row).toHaveTextContent('https://demo.example');
    expect(within(row).getByRole('button', { name: 'Firma „Demo GmbH“ bearbeiten' })).toBeInTheDocument();
  });

  it('creates a company: rule messages under the fields, Speichern disabled until valid', async () => {
    const fetchMock = stubFetch({
      'GET /api/firma/alle': { body: [] },
      'POST /api/firma/neu': { body: { ...DEMO, id: 9, bezeichner: 'Neu AG' } },
    });
    renderPage();
    expect(await screen.findByText('Keine Firmen vorhanden')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Neue Firma' }));
    const dialog = screen.getByRole('dialog', { name: 'Neue Firma' });
    const save = within(dialog).getByRole('button', { name: 'Speichern' });
    expect(save).toBeDisabled();

    const title = within(dialog).getByLabelText(/Titel/);
    await userEvent.type(title, 'x');
    await userEvent.clear(title);
    expect(within(dialog).getByText(FIRMA_TEXTS.titelLeer)).toBeInTheDocument();
    await userEvent.click(title);
    await userEvent.paste('y'.repeat(51));
    expect(within(dialog).getByText('Maximale Länge beachten')).toBeInTheDocument();
    expect(within(dialog).getByText('51/50')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await userEvent.clear(title);
    await userEvent.paste('Neu AG');

    await userEvent.click(within(dialog).getByLabelText('Logo-Link'));
    await userEvent.paste('javascript:alert(1)');
    expect(within(dialog).getByText(FIRMA_TEXTS.linkUngueltig)).toBeInTheDocument();
    expect(save).toBeDisabled();
    await userEvent.clear(within(dialog).getByLabelText('Logo-Link'));
    await userEvent.paste('https://neu.example');
    await userEvent.click(within(dialog).getByLabelText('Logo-Link in neuem Tab öffnen'));

    await userEvent.click(save);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(bodyOf(fetchMock, 'POST /api/firma/neu')).toEqual({
      bezeichner: 'Neu AG',
      logoPath: '',
      logoLink: 'https://neu.example',
      hatLogo: false,
      linkTarget: true,
      statistikSchreiben: false,
    });
  });

  it("shows the server's refusal in the dialog and other failures as the network error", async () => {
    let answer: { status: number; body: unknown } = { status: 400, body: { message: FIRMA_TEXTS.titelVergeben } };
    stubFetch({ 'GET /api/firma/alle': { body: [DEMO] }, 'POST /api/firma/update': () => answer });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Firma „Demo GmbH“ bearbeiten' }));
    const dialog = screen.getByRole('dialog', { name: 'Firma bearbeiten' });
    expect(within(dialog).getByLabelText(/Titel/)).toHaveValue('Demo GmbH');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText(FIRMA_TEXTS.titelVergeben)).toBeInTheDocument();

    answer = { status: 500, body: { message: MESSAGES.serverfehler } };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    const error = await screen.findByRole('dialog', { name: MESSAGES.netzwerkfehlerTitel });
    expect(error).toHaveTextContent(MESSAGES.netzwerkfehlerText);
  });

  it('deletes a company after the confirmation', async () => {
    const fetchMock = stubFetch({
      'GET /api/firma/alle': { body: [DEMO] },
      'POST /api/firma/entfernen': { body: true },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Firma „Demo GmbH“ löschen' }));
    const dialog = screen.getByRole('dialog', { name: 'Firma löschen?' });
    expect(dialog).toHaveTextContent('Demo GmbH');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(bodyOf(fetchMock, 'POST /api/firma/entfernen')).toEqual({ id: 3 });
  });
});
