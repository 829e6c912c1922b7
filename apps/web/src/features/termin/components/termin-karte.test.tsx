import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { terminFixture } from '../../../test/termin-fixture.ts';
import { TerminKarte } from './termin-karte.tsx';

const karte = (overrides: Parameters<typeof terminFixture>[0]) =>
  renderWithApp(
    <TerminKarte
      termin={terminFixture(overrides)}
      selected={false}
      onSelect={vi.fn()}
      eigeneAktionen
      onAktion={vi.fn()}
    />,
  );

describe('TerminKarte: seats (issue 33 item 5)', () => {
  it('shows the free seats of an appointment the patient has not booked', () => {
    karte({ maxTeilnehmer: 8, anzahlTeilnehmer: 7 });
    expect(screen.getByText(/1 Platz frei/)).toBeInTheDocument();
  });

  it('shows the own booking instead of "0 Plätze frei" for the booked one-on-one appointment', () => {
    karte({ termintyp: 'EINZEL', maxTeilnehmer: 1, anzahlTeilnehmer: 1, angemeldet: true, bezahlt: true });
    expect(screen.getByText(/Ihr Platz ist gebucht/)).toBeInTheDocument();
    expect(screen.queryByText(/Plätze frei/)).not.toBeInTheDocument();
  });

  it('says that an own seat awaits its payment', () => {
    karte({ maxTeilnehmer: 8, anzahlTeilnehmer: 8, angemeldet: true, bezahlt: false });
    expect(screen.getByText(/Ihr Platz ist reserviert, aber noch nicht bezahlt/)).toBeInTheDocument();
    expect(screen.queryByText(/frei/)).not.toBeInTheDocument();
  });
});
