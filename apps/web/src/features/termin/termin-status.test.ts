import type { Termin } from '@dihs/contract/termin';
import { describe, expect, it } from 'vitest';
import { terminFixture } from '../../test/termin-fixture.ts';
import {
  anzeigestatus,
  buchbar,
  kannSitzungStarten,
  kannStornieren,
  kannTeilnahmeBestaetigen,
  GRUENDE,
  sitzungGrund,
  stornierenGrund,
  teilnahmeGrund,
} from './termin-status.ts';

const START = Date.parse('2026-12-01T10:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;

const TERMIN = terminFixture({
  termintyp: 'EINZEL',
  details: 'Übungen',
  maxTeilnehmer: 1,
  anzahlTeilnehmer: 0,
});
const gebucht: Termin = { ...TERMIN, angemeldet: true, bezahlt: true, anzahlTeilnehmer: 1 };

describe('anzeigestatus (spec 2 section 4)', () => {
  it('teilgenommen wins, then gebucht / nicht gebucht until the end, then nicht teilgenommen', () => {
    expect(anzeigestatus({ ...gebucht, teilgenommen: true }, START + 2 * HOUR)).toBe('teilgenommen');
    expect(anzeigestatus(gebucht, START - HOUR)).toBe('gebucht');
    expect(anzeigestatus(gebucht, START + 10 * MIN)).toBe('gebucht');
    expect(anzeigestatus(TERMIN, START - HOUR)).toBe('nicht gebucht');
    // reserved but unpaid is not booked
    expect(anzeigestatus({ ...TERMIN, angemeldet: true }, START - HOUR)).toBe('nicht gebucht');
    expect(anzeigestatus(gebucht, START + 31 * MIN)).toBe('nicht teilgenommen');
  });
});

describe('kannSitzungStarten', () => {
  it('opens 10 minutes before the start and closes after start + dauer', () => {
    expect(kannSitzungStarten(gebucht, START - 10 * MIN - 1)).toBe(false);
    expect(kannSitzungStarten(gebucht, START - 10 * MIN)).toBe(true);
    expect(kannSitzungStarten(gebucht, START + 30 * MIN)).toBe(true);
    expect(kannSitzungStarten(gebucht, START + 30 * MIN + 1)).toBe(false);
  });

  it('needs a fully booked, running, non-phone appointment the patient was not thrown out of', () => {
    const now = START;
    expect(kannSitzungStarten({ ...gebucht, bezahlt: false }, now)).toBe(false);
    expect(kannSitzungStarten({ ...gebucht, beendet: true }, now)).toBe(false);
    expect(kannSitzungStarten({ ...gebucht, herausgeworfen: true }, now)).toBe(false);
    expect(kannSitzungStarten({ ...gebucht, zugeschlossen: true }, now)).toBe(false);
    expect(kannSitzungStarten({ ...gebucht, zugeschlossen: true, beigetreten: true }, now)).toBe(true);
    expect(kannSitzungStarten({ ...gebucht, termintyp: 'TELEFON' }, now)).toBe(false);
  });
});

describe('kannStornieren', () => {
  it('only fully booked and more than 24 hours ahead', () => {
    expect(kannStornieren(gebucht, START - 24 * HOUR - 1)).toBe(true);
    expect(kannStornieren(gebucht, START - 24 * HOUR)).toBe(false);
    expect(kannStornieren(TERMIN, START - 48 * HOUR)).toBe(false);
  });
});

describe('kannTeilnahmeBestaetigen', () => {
  it('only after the end and only if teilgenommen', () => {
    const attended = { ...gebucht, teilgenommen: true };
    expect(kannTeilnahmeBestaetigen(attended, START + 30 * MIN)).toBe(false);
    expect(kannTeilnahmeBestaetigen(attended, START + 30 * MIN + 1)).toBe(true);
    expect(kannTeilnahmeBestaetigen(gebucht, START + 2 * HOUR)).toBe(false);
  });
});

describe('buchbar', () => {
  it('active, not held, seats left, not started', () => {
    expect(buchbar(TERMIN, START - HOUR)).toBe(true);
    expect(buchbar(TERMIN, START)).toBe(false);
    expect(buchbar({ ...TERMIN, angemeldet: true }, START - HOUR)).toBe(false);
    expect(buchbar({ ...TERMIN, anzahlTeilnehmer: 1 }, START - HOUR)).toBe(false);
    expect(buchbar({ ...TERMIN, status: 'ABGESAGT' }, START - HOUR)).toBe(false);
  });
});

describe('reasons of disabled buttons (issue 15)', () => {
  it('says why cancel, attendance PDF and session start are off, and nothing when they are on', () => {
    expect(stornierenGrund(gebucht, START - 25 * HOUR)).toBeNull();
    expect(stornierenGrund(gebucht, START - 23 * HOUR)).toBe(GRUENDE.stornieren);
    expect(teilnahmeGrund({ ...gebucht, teilgenommen: true }, START + 2 * HOUR)).toBeNull();
    expect(teilnahmeGrund({ ...gebucht, teilgenommen: true }, START)).toBe(GRUENDE.teilnahmeVorEnde);
    expect(teilnahmeGrund(gebucht, START + 2 * HOUR)).toBe(GRUENDE.teilnahmeOhne);
    expect(sitzungGrund(gebucht, START)).toBeNull();
    expect(sitzungGrund(gebucht, START - HOUR)).toBe(GRUENDE.sitzungFenster);
    expect(sitzungGrund({ ...gebucht, beendet: true }, START)).toBe(GRUENDE.sitzungBeendet);
    expect(sitzungGrund({ ...gebucht, herausgeworfen: true }, START)).toBe(GRUENDE.sitzungEntfernt);
    expect(sitzungGrund({ ...gebucht, zugeschlossen: true }, START)).toBe(GRUENDE.sitzungGeschlossen);
  });
});
