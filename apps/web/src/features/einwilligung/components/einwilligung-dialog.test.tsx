import { EINWILLIGUNG_TEXTS, type OffeneFassung } from '@dihs/contract/einwilligung';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderWithApp, stubFetch, testSession } from '../../../test/render.tsx';
import { EinwilligungGate } from './einwilligung-dialog.tsx';

const PATIENT = testSession({ sub: 'patient@demo.de', role: 'PATIENT', userId: 4 });
const OFFEN: OffeneFassung[] = [
  {
    url: 'nutzungsbestimmungen',
    titel: 'Nutzungsbestimmungen',
    fassung: 'b'.repeat(64),
    stand: '2026-11-23T10:00:00Z',
    widerrufen: false,
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('EinwilligungGate', () => {
  it('asks for the changed texts and sends exactly the versions shown', async () => {
    let offen = OFFEN;
    let sent: unknown = null;
    stubFetch({
      'GET /api/einwilligung/offen': () => ({ body: offen }),
      'POST /api/einwilligung': (init) => {
        sent = JSON.parse(init.body as string);
        offen = [];
        return { body: true };
      },
    });
    const logout = vi.fn();
    renderWithApp(<EinwilligungGate onLogout={logout} />, { session: fakeSession(PATIENT) });
    const dialog = await screen.findByRole('dialog', { name: EINWILLIGUNG_TEXTS.dialogTitel });
    expect(screen.getByRole('link', { name: 'Nutzungsbestimmungen' })).toHaveAttribute('href', '/nutzungsbestimmungen');
    const zustimmen = screen.getByRole('button', { name: EINWILLIGUNG_TEXTS.zustimmen });
    expect(zustimmen).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: EINWILLIGUNG_TEXTS.checkbox }));
    await userEvent.click(zustimmen);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent).toEqual({ fassungen: [{ url: 'nutzungsbestimmungen', fassung: 'b'.repeat(64) }] });
    expect(logout).not.toHaveBeenCalled();
  });

  it('shows nothing when every current text is consented', async () => {
    const fetchMock = stubFetch({ 'GET /api/einwilligung/offen': { body: [] } });
    renderWithApp(<EinwilligungGate onLogout={vi.fn()} />, { session: fakeSession(PATIENT) });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
