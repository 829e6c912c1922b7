import type { Guthaben, GuthabenAngebot } from '@dihs/contract/guthaben';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderWithApp, stubFetch, testSession } from '../../../test/render.tsx';
import { kaufenText } from '../components/angebot-card.tsx';
import { GuthabenShopPage } from './guthaben-shop-page.tsx';

const leavePage = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/leave-page.ts', () => ({ leavePage }));

const PATIENT = testSession({
  sub: 'patient@demo.de',
  role: 'PATIENT',
  userId: 4,
  privileges: ['STATISTIK_SCHREIBEN'],
});
const STARTER: GuthabenAngebot = {
  guthabenAngebotId: 2,
  titel: 'Starter',
  centPreis: 4950,
  buchbar: true,
  einzelTermine: 3,
  gruppenTermine: 2,
  telefonTermine: 1,
  anamnese: 1,
  befunde: 2,
};
const BALANCE = {
  bezahltEinzelTermin: 3,
  bezahltGruppenTermin: 0,
  bezahltBefundTermin: 0,
  bezahltTelefonTermin: 1,
  bezahltAnamneseTermin: 0,
  aboEinzelTermin: 0,
  aboGruppenTermin: 0,
  aboBefundTermin: 0,
  aboTrainingsplan: 0,
  rezeptEinzelTermin: 0,
  rezeptGruppenTermin: 0,
  rezeptBefundTermin: 0,
} satisfies Guthaben;

const renderPage = () =>
  renderWithApp(<GuthabenShopPage />, { path: '/patient/guthaben', session: fakeSession(PATIENT) });

afterEach(() => {
  vi.unstubAllGlobals();
  leavePage.mockReset();
});

describe('GuthabenShopPage', () => {
  it('shows each offer with counts, durations, the price with VAT and "Guthaben aufladen"', async () => {
    stubFetch({
      'GET /api/guthaben/patient/getOffers': { body: [STARTER] },
      'GET /api/guthaben/patient/get': { body: BALANCE },
    });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'LEISTUNGEN' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Starter' });
    for (const line of [
      '3 × Video-Einzeltermin (20 Min.)',
      '2 × Video-Gruppentermin (30 Min.)',
      '1 × Telefontermin (20 Min.)',
      '1 × Anamnesetermin (40 Min.)',
      '2 × Befundtermin',
    ]) {
      expect(within(card).getByText(line)).toBeInTheDocument();
    }
    expect(within(card).getByText('49,50 €')).toBeInTheDocument();
    expect(within(card).getByText('inkl. MwSt')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Guthaben aufladen: Starter' })).toHaveTextContent(
      'Guthaben aufladen',
    );
    expect(await screen.findByText('Video-Einzeltermin: 3')).toBeInTheDocument();
  });

  it('names the buy button by the terms rule', () => {
    expect(kaufenText(true)).toBe('Guthaben aufladen');
    expect(kaufenText(false)).toBe('buchen');
  });

  it('confirms in the dialog and sends the browser to the payment address', async () => {
    stubFetch({
      'GET /api/guthaben/patient/getOffers': { body: [STARTER] },
      'GET /api/guthaben/patient/get': { body: BALANCE },
      'GET /api/guthaben/patient/placeOrder/2': { body: '/api/zahlung/checkout/abcdefghijklmnopq' },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Guthaben aufladen: Starter' }));
    const dialog = screen.getByRole('dialog', { name: 'Weiter zum Bezahlvorgang für das Guthabenpaket:' });
    expect(dialog).toHaveTextContent('Starter');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(leavePage).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByRole('button', { name: 'Guthaben aufladen: Starter' }));
    await userEvent.click(screen.getByRole('button', { name: 'Jetzt Kaufen' }));
    await vi.waitFor(() => expect(leavePage).toHaveBeenCalledWith('/api/zahlung/checkout/abcdefghijklmnopq'));
  });

  it("shows the server's reason when the order is refused", async () => {
    stubFetch({
      'GET /api/guthaben/patient/getOffers': { body: [STARTER] },
      'GET /api/guthaben/patient/get': { body: BALANCE },
      'GET /api/guthaben/patient/placeOrder/2': {
        status: 403,
        body: { message: 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.' },
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Guthaben aufladen: Starter' }));
    await userEvent.click(screen.getByRole('button', { name: 'Jetzt Kaufen' }));
    const failure = await screen.findByRole('dialog', { name: 'Fehler bei der Buchung' });
    expect(failure).toHaveTextContent('Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.');
    expect(leavePage).not.toHaveBeenCalled();
  });
});
