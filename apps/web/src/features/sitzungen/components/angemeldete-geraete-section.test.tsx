import { SITZUNGEN_TEXTS, type Sitzung } from '@dihs/contract/auth';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderWithApp, requestedUrls, stubFetch, testSession } from '../../../test/render.tsx';
import { AngemeldeteGeraeteSection } from './angemeldete-geraete-section.tsx';

const PATIENT = testSession({ sub: 'patient@demo.de', role: 'PATIENT', userId: 4 });

const HIER: Sitzung = {
  id: 'a',
  geraet: 'Windows-PC',
  browser: 'Firefox 133',
  adresse: '203.0.113.7',
  angemeldetAm: '2026-11-27T08:00:00.000Z',
  letzteAktivitaet: '2026-11-27T09:30:00.000Z',
  aktuell: true,
};
const TELEFON: Sitzung = {
  id: 'b',
  geraet: 'iPhone (iOS 18)',
  browser: 'Safari 18',
  adresse: '198.51.100.4',
  angemeldetAm: '2026-11-26T17:05:00.000Z',
  letzteAktivitaet: '2026-11-26T17:20:00.000Z',
  aktuell: false,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AngemeldeteGeraeteSection', () => {
  it('lists the sessions with device, browser, times and address; ends another one with "Abmelden"', async () => {
    let sessions = [HIER, TELEFON];
    const fetchMock = stubFetch({
      'GET /api/sitzungen': () => ({ body: sessions }),
      'POST /api/sitzungen/b/abmelden': () => {
        sessions = [HIER];
        return { body: true };
      },
    });
    renderWithApp(<AngemeldeteGeraeteSection />, { session: fakeSession(PATIENT) });

    const list = await screen.findByRole('list', { name: SITZUNGEN_TEXTS.ueberschrift });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const own = within(list).getByRole('listitem', { name: /Windows-PC, Firefox 133/ });
    expect(own).toHaveTextContent(SITZUNGEN_TEXTS.diesesGeraet);
    expect(own).toHaveTextContent('Angemeldet seit 27.11.2026, 09:00 Uhr');
    expect(own).toHaveTextContent('Zuletzt aktiv 27.11.2026, 10:30 Uhr');
    expect(own).toHaveTextContent('Adresse 203.0.113.7');
    // this device ends with the top bar's logout, not here
    expect(within(own).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Abmelden: iPhone (iOS 18), Safari 18' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SITZUNGEN_TEXTS.abgemeldet);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(list).toHaveTextContent(SITZUNGEN_TEXTS.keine);
    expect(requestedUrls(fetchMock)).toContain('/api/sitzungen/b/abmelden');
  });

  it('asks before "Überall abmelden", then ends every session and logs out here', async () => {
    const fetchMock = stubFetch({
      'GET /api/sitzungen': { body: [HIER, TELEFON] },
      'POST /api/sitzungen/ueberall-abmelden': { body: true },
    });
    const session = fakeSession(PATIENT);
    renderWithApp(<AngemeldeteGeraeteSection />, { session });
    await screen.findByRole('list', { name: SITZUNGEN_TEXTS.ueberschrift });

    await userEvent.click(screen.getByRole('button', { name: SITZUNGEN_TEXTS.ueberallAbmelden }));
    const dialog = await screen.findByRole('dialog', { name: SITZUNGEN_TEXTS.ueberallTitel });
    expect(dialog).toHaveAccessibleDescription(SITZUNGEN_TEXTS.ueberallText);
    // the cancel button has the focus; cancelling ends nothing
    expect(within(dialog).getByRole('button', { name: SITZUNGEN_TEXTS.abbrechen })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: SITZUNGEN_TEXTS.abbrechen }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(requestedUrls(fetchMock)).not.toContain('/api/sitzungen/ueberall-abmelden');

    await userEvent.click(screen.getByRole('button', { name: SITZUNGEN_TEXTS.ueberallAbmelden }));
    const again = await screen.findByRole('dialog', { name: SITZUNGEN_TEXTS.ueberallTitel });
    await userEvent.click(within(again).getByRole('button', { name: SITZUNGEN_TEXTS.ueberallAbmelden }));
    await waitFor(() => expect(session.logout).toHaveBeenCalledOnce());
    expect(requestedUrls(fetchMock)).toContain('/api/sitzungen/ueberall-abmelden');
  });

  it('says so when a session cannot be ended', async () => {
    stubFetch({
      'GET /api/sitzungen': { body: [HIER, TELEFON] },
      'POST /api/sitzungen/b/abmelden': { status: 404, body: { message: SITZUNGEN_TEXTS.unbekannt } },
    });
    renderWithApp(<AngemeldeteGeraeteSection />, { session: fakeSession(PATIENT) });
    await userEvent.click(await screen.findByRole('button', { name: /^Abmelden: iPhone/ }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(SITZUNGEN_TEXTS.unbekannt);
  });
});
