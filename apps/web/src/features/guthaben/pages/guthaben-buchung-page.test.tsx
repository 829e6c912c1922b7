import { CREDIT_KINDS, type GuthabenBuchung } from '@dihs/contract/guthaben';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderRoutes, stubFetch, testSession } from '../../../test/render.tsx';
import { GuthabenBuchungPage } from './guthaben-buchung-page.tsx';

const PATIENT = testSession({ sub: 'patient@demo.de', role: 'PATIENT', userId: 4 });
const BOOKING: GuthabenBuchung = {
  buchungId: 7,
  status: 'PAID',
  transactionId: 'SBX-ABC',
  buchungsdatum: '2026-11-21T06:15:00.000Z',
  stornodatum: null,
  guthabenAngebot: {
    guthabenAngebotId: 2,
    titel: 'Starter',
    centPreis: 4900,
    buchbar: true,
    einzelTermine: 3,
    gruppenTermine: 0,
    telefonTermine: 0,
    anamnese: 0,
    befunde: 0,
  },
  zahlungsLink: null,
};
const BALANCE = Object.fromEntries(CREDIT_KINDS.map((k) => [k, 0]));

const renderAt = (path: string, session = PATIENT) =>
  renderRoutes([{ path: '/guthaben/:id', element: <GuthabenBuchungPage /> }], { path, session: fakeSession(session) });

afterEach(() => vi.unstubAllGlobals());

describe('GuthabenBuchungPage', () => {
  it('shows the booking with its present rows, the balance and the three buttons', async () => {
    stubFetch({
      'GET /api/guthaben/patient/check/7': { body: BOOKING },
      'GET /api/guthaben/patient/get': { body: { ...BALANCE, bezahltEinzelTermin: 3 } },
    });
    renderAt('/guthaben/7');
    expect(await screen.findByRole('heading', { name: 'IHRE BUCHUNG VOM TYP: Starter' })).toBeInTheDocument();
    expect(screen.getByText('Zahlung erfolgreich!')).toBeInTheDocument();
    expect(screen.getByText('SBX-ABC')).toBeInTheDocument();
    expect(screen.getByText('21.11.2026, 07:15 Uhr')).toBeInTheDocument();
    expect(screen.queryByText('Stornodatum')).not.toBeInTheDocument();
    expect(await screen.findByText('Video-Einzeltermin: 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zum Shop' })).toHaveAttribute('href', '/patient/guthaben');
    expect(screen.getByRole('link', { name: 'Jetzt Sitzung Buchen' })).toHaveAttribute('href', '/patient/termine');
    expect(screen.getByRole('button', { name: 'Buchungsbestätigung (PDF)' })).toBeEnabled();
  });

  it('offers to continue an open payment and leaves out the transaction number', async () => {
    stubFetch({
      'GET /api/guthaben/patient/check/7': {
        body: {
          ...BOOKING,
          status: 'PENDING',
          transactionId: null,
          zahlungsLink: '/api/zahlung/checkout/abcdefghijklmnop',
        },
      },
      'GET /api/guthaben/patient/get': { body: BALANCE },
    });
    renderAt('/guthaben/7');
    expect(await screen.findByText('Zahlung Ausstehend...')).toBeInTheDocument();
    expect(screen.queryByText('Transaktionsnummer')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Zahlung' })).toHaveAttribute(
      'href',
      '/api/zahlung/checkout/abcdefghijklmnop',
    );
  });

  it.each(['/guthaben/999', '/guthaben/abc'])('says "Unbekannte Buchung..." for %s', async (path) => {
    stubFetch({ 'GET /api/guthaben/patient/get': { body: BALANCE } });
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Unbekannte Buchung...' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buchungsbestätigung (PDF)' })).toBeDisabled();
  });

  it('gives another role no links into the patient shop and asks no patient-only endpoint (the route needs only a login)', async () => {
    const fetchMock = stubFetch({});
    renderAt('/guthaben/7', testSession({ sub: 'therapeut@demo.de', role: 'THERAPEUT', userId: 2 }));
    expect(await screen.findByRole('heading', { name: 'Unbekannte Buchung...' })).toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([input]) => (input instanceof Request ? input.url : input.toString()));
    expect(asked.filter((url) => url.includes('/guthaben/patient/'))).toEqual([]);
    expect(screen.queryByRole('link', { name: 'Zurück zum Shop' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Jetzt Sitzung Buchen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buchungsbestätigung (PDF)' })).not.toBeInTheDocument();
  });
});
