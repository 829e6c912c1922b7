import { apiUrl } from '@dihs/contract/common/endpoint';
import { rezeptEndpoints, type Rezept, type RezeptSeite } from '@dihs/contract/rezept';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderWithApp, stubFetch, testSession } from '../../../test/render.tsx';
import { BetreiberRezeptePage } from './betreiber-rezepte-page.tsx';

const rezept = (id: number): Rezept => ({
  id,
  originalFilename: `rezept-${id}.pdf`,
  anmerkung: '',
  status: 'NEU',
  eingereicht: '2026-11-20T09:00:00.000Z',
  gebucht: null,
  patientId: 7,
  gutschrift: { rezeptEinzelTermin: 0, rezeptGruppenTermin: 0, rezeptBefundTermin: 0 },
});
const seite = (page: number, size: number, gesamt: number, gesamtGekappt = false): RezeptSeite => ({
  rezepte: Array.from({ length: Math.max(0, Math.min(size, gesamt - page * size)) }, (_, i) =>
    rezept(page * size + i + 1),
  ),
  gesamt,
  gesamtGekappt,
});
const url = (filter: string, page: number, size: number) =>
  apiUrl(rezeptEndpoints.alleGefiltert, { params: { filter }, query: { page, size } });
const OPERATOR = fakeSession(testSession({ sub: 'betreiber@demo.de', role: 'BETREIBER', userId: 1 }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BetreiberRezeptePage', () => {
  it('pages through the prescriptions and starts again at the first page for another filter', async () => {
    const fetchMock = stubFetch({
      [`GET ${url('ALL', 0, 50)}`]: { body: seite(0, 50, 1000, true) },
      [`GET ${url('ALL', 1, 50)}`]: { body: seite(1, 50, 1000, true) },
      [`GET ${url('NEU', 0, 50)}`]: { body: seite(0, 50, 3) },
    });
    renderWithApp(<BetreiberRezeptePage />, { session: OPERATOR });
    expect(await screen.findByText('rezept-1.pdf')).toBeInTheDocument();
    // the server counted no further than 1,000: the end is unknown
    expect(screen.getByText('1–50 von mehr als 1000')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Zur nächsten Seite' }));
    expect(await screen.findByText('rezept-51.pdf')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Neue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Alle neuen Rezepte' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('rezept-51.pdf')).not.toBeInTheDocument());
    // three prescriptions need no pager
    expect(screen.queryByText(/von mehr als|Rezepte je Seite/)).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([input]) => input)).toContain(url('NEU', 0, 50));
  });
});
