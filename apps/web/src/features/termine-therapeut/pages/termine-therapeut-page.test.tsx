import type { Termin } from '@dihs/contract/termin';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../lib/session.ts';
import { fakeSession, renderWithApp, stubFetch } from '../../../test/render.tsx';
import { TermineTherapeutPage } from './termine-therapeut-page.tsx';

const THERAPIST: Session = {
  sub: 'therapeut@demo.de',
  role: 'THERAPEUT',
  privileges: [],
  userId: 4,
  exp: 2_000_000_000,
};

const base: Omit<Termin, 'id' | 'datum' | 'befund' | 'teilnehmerList'> = {
  dauer: 30,
  termintyp: 'GRUPPE',
  details: 'Gruppe',
  therapeut: { id: 4, userId: 4, vorname: 'Thomas', nachname: 'Therapeut' },
  therapeutId: 4,
  maxTeilnehmer: 5,
  anzahlTeilnehmer: 2,
  angemeldet: false,
  bezahlt: false,
  teilgenommen: false,
  beendet: false,
  herausgeworfen: false,
  zugeschlossen: false,
  beigetreten: false,
  istFirmentermin: false,
  everyoneView: false,
  firmaId: null,
  status: 'AKTIV',
};
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
