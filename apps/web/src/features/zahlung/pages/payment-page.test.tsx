import type { Zahlung } from '@dihs/contract/zahlung';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../lib/session.ts';
import { fakeSession, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { PaymentPage } from './payment-page.tsx';

const PATIENT: Session = { sub: 'patient@demo.de', role: 'PATIENT', privileges: [], userId: 4, exp: 2_000_000_000 };
const PAYMENT: Zahlung = {
  zahlungId: 12,
  status: 'PAID',
  beschreibung: 'Guthabenpaket Starter',
  betragCent: 4900,
  zweck: 'GUTHABEN',
  anbieter: 'sandbox',
  transaktionsnummer: 'SBX-1',
  erstelltAm: '2026-11-21T06:15:00.000Z',
  aktualisiertAm: '2026-11-21T06:16:00.000Z',
  zurueck: '/guthaben/7',
  zahlungsLink: null,
};

const renderAt = (path: string, session: Session | null = PATIENT) =>
  renderRoutes(
    [
      { path: '/payment/redirect', element: <PaymentPage /> },
      { path: '/payment/:id', element: <PaymentPage /> },
    ],
    { path, session: fakeSession(session) },
  );

afterEach(() => vi.unstubAllGlobals());

describe('PaymentPage', () => {
  it('shows the status text and the fields of the most recent payment', async () => {
    stubFetch({ 'GET /api/payment/mostrecent/': { body: PAYMENT } });
    renderAt('/payment/redirect');
    expect(screen.getByRole('heading', { name: 'Ihr letzter Bezahlvorgang' })).toBeInTheDocument();
    expect(await screen.findByText('Zahlung erfolgreich!')).toBeInTheDocument();
    expect(screen.getByText('49,00 € inkl. MwSt')).toBeInTheDocument();
    expect(screen.getByText('SBX-1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Weiter' })).toHaveAttribute('href', '/guthaben/7');
  });

  it('says "Keiner ..." when there is no payment', async () => {
    stubFetch({ 'GET /api/payment/mostrecent/': { body: null } });
    renderAt('/payment/redirect');
    expect(
      await screen.findByText('Keiner (vermutlich wurde die Datenbank bereinigt oder noch keiner ausgeführt)'),
    ).toBeInTheDocument();
  });

  it.each([
    ['PENDING', 'Zahlung Ausstehend...'],
    ['CANCELLED', 'Zahlung Abgebrochen...'],
    ['REFUNDED', 'Rückerstattung angefordert.'],
    ['STORNIERT', 'Zahlung Storniert.'],
    ['KAPUTT', 'Unbekannter Zahlungszustand... Bitte wenden Sie sich an den Kundenservice.'],
  ])('reads payment /payment/{id} with status %s as "%s"', async (status, text) => {
    stubFetch({ 'GET /api/payment/get/12': { body: { ...PAYMENT, status } } });
    renderAt('/payment/12');
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('asks a visitor to log in', () => {
    const fetchMock = stubFetch({});
    renderAt('/payment/redirect', null);
    expect(screen.getByText('Bitte melden Sie sich an, um Ihren Bezahlvorgang zu sehen.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
