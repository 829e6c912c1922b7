import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderWithApp, stubFetch, testSession } from '../../../test/render.tsx';
import { terminFixture } from '../../../test/termin-fixture.ts';
import { TermineTherapeutPage } from './termine-therapeut-page.tsx';

const THERAPIST = testSession({ sub: 'therapeut@demo.de', role: 'THERAPEUT', userId: 4 });

const base = terminFixture({ details: 'Gruppe', maxTeilnehmer: 5, anzahlTeilnehmer: 2 });
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

afterEach(() => vi.unstubAllGlobals());

describe('TermineTherapeutPage', () => {
  it('lists participants (links only where the server sends an id) and enables the start only in the window', async () => {
    stubFetch({
      'GET /api/termin/therapeut/all/AKTIV': {
        body: [
          {
            ...base,
            id: 1,
            befund: 'Jetzt',
            datum: minutesFromNow(5),
            teilnehmerList: [
              { patientId: 9, userId: 9, firstname: 'Paula', lastname: 'Patientin', teilgenommen: false },
              { patientId: null, userId: null, firstname: 'Fiona', lastname: 'Firma', teilgenommen: false },
            ],
          },
          { ...base, id: 2, befund: 'Später', datum: minutesFromNow(60 * 24), teilnehmerList: [] },
        ],
      },
    });
    renderWithApp(<TermineTherapeutPage />, { path: '/therapeut/termine', session: fakeSession(THERAPIST) });
    expect(await screen.findByRole('heading', { level: 1, name: 'TERMINPLAN' })).toBeInTheDocument();

    const jetzt = await screen.findByRole('region', { name: /^Jetzt/ });
    const list = within(jetzt).getByRole('list', { name: 'Teilnehmer: Jetzt' });
    expect(within(list).getByRole('link', { name: 'Paula Patientin' })).toHaveAttribute('href', '/profil/9');
    expect(within(list).getByText('Fiona Firma')).not.toHaveAttribute('href');
    expect(within(jetzt).getByRole('link', { name: 'Sitzung starten' })).toHaveAttribute(
      'href',
      '/video/therapie/therapeut/1',
    );

    const spaeter = screen.getByRole('region', { name: /^Später/ });
    expect(within(spaeter).getByRole('button', { name: 'Sitzung starten' })).toBeDisabled();
    expect(within(spaeter).getByText('Keine Teilnehmer angemeldet')).toBeInTheDocument();
  });
});
