import { EINWILLIGUNG_TEXTS, type OffeneFassung } from '@dihs/contract/einwilligung';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderWithApp, requestedUrls, stubFetch, testSession } from '../../../test/render.tsx';
import { EinwilligungGate } from './einwilligung-dialog.tsx';
import { EinwilligungWiderruf } from './einwilligung-widerruf.tsx';

const PATIENT = testSession({ sub: 'patient@demo.de', role: 'PATIENT', userId: 4 });
const WIDERRUFEN: OffeneFassung[] = [
  {
    url: 'einverstaendnis_videotherapie',
    titel: 'Einverständnis zur Videotherapie',
    fassung: 'c'.repeat(64),
    stand: '2026-11-23T10:00:00Z',
    widerrufen: true,
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('EinwilligungWiderruf', () => {
  it('explains the consequences before the withdrawal and withdraws only after the confirmation', async () => {
    let offen: OffeneFassung[] = [];
    const fetchMock = stubFetch({
      'GET /api/einwilligung/offen': () => ({ body: offen }),
      'GET /api/einwilligung': { body: [] },
      'POST /api/einwilligung/widerruf': () => {
        offen = WIDERRUFEN;
        return { body: true };
      },
    });
    renderWithApp(<EinwilligungWiderruf />, { session: fakeSession(PATIENT) });
    const withdraw = await screen.findByRole('button', { name: EINWILLIGUNG_TEXTS.widerrufen });

    await userEvent.click(withdraw);
    let dialog = await screen.findByRole('dialog', { name: EINWILLIGUNG_TEXTS.widerrufTitel });
    expect(dialog).toHaveAccessibleDescription(EINWILLIGUNG_TEXTS.widerrufFolgen);
    expect(EINWILLIGUNG_TEXTS.widerrufFolgen).toMatch(/keine Termine mehr buchen/);
    expect(EINWILLIGUNG_TEXTS.widerrufFolgen).toMatch(/an keiner Videositzung mehr teilnehmen/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(requestedUrls(fetchMock)).not.toContain('/api/einwilligung/widerruf');

    await userEvent.click(withdraw);
    dialog = await screen.findByRole('dialog', { name: EINWILLIGUNG_TEXTS.widerrufTitel });
    await userEvent.click(within(dialog).getByRole('button', { name: EINWILLIGUNG_TEXTS.widerrufBestaetigen }));
    expect(await screen.findByRole('status')).toHaveTextContent(EINWILLIGUNG_TEXTS.istWiderrufen);
    expect(requestedUrls(fetchMock).filter((url) => url === '/api/einwilligung/widerruf')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: EINWILLIGUNG_TEXTS.widerrufen })).not.toBeInTheDocument();
  });

  it('consents again in the consent dialog after a withdrawal', async () => {
    let offen = WIDERRUFEN;
    let sent: unknown = null;
    stubFetch({
      'GET /api/einwilligung/offen': () => ({ body: offen }),
      'GET /api/einwilligung': { body: [] },
      'POST /api/einwilligung': (init) => {
        sent = JSON.parse(init.body as string);
        offen = [];
        return { body: true };
      },
    });
    renderWithApp(<EinwilligungWiderruf />, { session: fakeSession(PATIENT) });
    await userEvent.click(await screen.findByRole('button', { name: EINWILLIGUNG_TEXTS.erneutEinwilligen }));
    const dialog = await screen.findByRole('dialog', { name: EINWILLIGUNG_TEXTS.widerrufDialogTitel });
    expect(dialog).toHaveAccessibleDescription(EINWILLIGUNG_TEXTS.widerrufDialogEinleitung);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: EINWILLIGUNG_TEXTS.checkbox }));
    await userEvent.click(within(dialog).getByRole('button', { name: EINWILLIGUNG_TEXTS.zustimmen }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent).toEqual({ fassungen: [{ url: 'einverstaendnis_videotherapie', fassung: 'c'.repeat(64) }] });
    expect(await screen.findByRole('button', { name: EINWILLIGUNG_TEXTS.widerrufen })).toBeInTheDocument();
  });
});

describe('EinwilligungGate after a withdrawal', () => {
  it('asks once when the app opens, and may be put off', async () => {
    stubFetch({ 'GET /api/einwilligung/offen': { body: WIDERRUFEN } });
    const logout = vi.fn();
    renderWithApp(<EinwilligungGate onLogout={logout} />, { session: fakeSession(PATIENT) });
    const dialog = await screen.findByRole('dialog', { name: EINWILLIGUNG_TEXTS.widerrufDialogTitel });
    // withdrawing does not lock the patient out: "Später" instead of "Abmelden"
    expect(within(dialog).queryByRole('button', { name: EINWILLIGUNG_TEXTS.abmelden })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: EINWILLIGUNG_TEXTS.spaeter }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(logout).not.toHaveBeenCalled();
  });
});
