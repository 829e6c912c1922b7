import { PROFIL_TEXTS, type TherapeutListEntry } from '@dihs/contract/profil';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../lib/session.ts';
import { fakeSession, renderWithApp, stubFetch } from '../../../test/render.tsx';
import { TherapeutenPage } from './therapeuten-page.tsx';

const PATIENT: Session = { sub: 'patient@demo.de', role: 'PATIENT', privileges: [], userId: 7, exp: 2_000_000_000 };

const entry = (
  id: number,
  vorname: string,
  nachname: string,
  extra: Partial<TherapeutListEntry> = {},
): TherapeutListEntry => ({
  id,
  vorname,
  nachname,
  firmaId: null,
  firmenName: null,
  ausbildung: '',
  schwerpunkte: '',
  beschreibung: 'Ich helfe Ihnen.',
  hatProfilbild: false,
  ...extra,
});

afterEach(() => vi.unstubAllGlobals());

describe('TherapeutenPage', () => {
  it('shows a card per therapist with photo, name, description and the Profil and Termine buttons', async () => {
    const fetchMock = stubFetch({
      'GET /api/therapeut/patient/all': {
        body: [
          entry(3, 'Thomas', 'Therapeut', { hatProfilbild: true, schwerpunkte: 'Rücken' }),
          entry(4, 'Tanja', 'Zweig'),
        ],
      },
      'GET /api/files/profilePhoto/3': { body: 'data:image/png;base64,iVBORw0KGgo=' },
    });
    renderWithApp(<TherapeutenPage />, { path: '/therapeuten', session: fakeSession(PATIENT) });
    expect(screen.getByRole('heading', { level: 1, name: PROFIL_TEXTS.verzeichnisTitel })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Thomas Therapeut' });
    expect(within(card).getByText('Rücken')).toBeInTheDocument();
    expect(within(card).getByText('Ich helfe Ihnen.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Profil von Thomas Therapeut' })).toHaveAttribute(
      'href',
      '/profil/3',
    );
    expect(within(card).getByRole('link', { name: 'Termine von Thomas Therapeut' })).toHaveAttribute(
      'href',
      '/patient/termine/3',
    );
    expect(await within(card).findByRole('img', { name: 'Profilbild von Thomas Therapeut' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    // no photo, no request
    expect(screen.getByRole('article', { name: 'Tanja Zweig' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => typeof url === 'string' && url.endsWith('/profilePhoto/4'))).toBe(
      false,
    );
  });

  it('says so when no therapist is listed', async () => {
    stubFetch({ 'GET /api/therapeut/patient/all': { body: [] } });
    renderWithApp(<TherapeutenPage />, { path: '/therapeuten', session: fakeSession(PATIENT) });
    expect(await screen.findByText(/keine Therapeutinnen und Therapeuten/)).toBeInTheDocument();
  });
});
