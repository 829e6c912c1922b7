import type { TherapeutListEntry } from '@dihs/contract/profil';
import type { Termin } from '@dihs/contract/termin';

/**
 * An AKTIV group appointment of Thomas Therapeut (userId 4) on 2026-12-01 10:00 UTC that the viewer has not booked;
 * tests override only the fields their case is about.
 */
export function terminFixture(overrides: Partial<Termin> = {}): Termin {
  return {
    id: 1,
    datum: '2026-12-01T10:00:00.000Z',
    dauer: 30,
    termintyp: 'GRUPPE',
    befund: 'Rückenschmerzen',
    details: 'Rückenschule',
    therapeut: { id: 4, userId: 4, vorname: 'Thomas', nachname: 'Therapeut' },
    therapeutId: 4,
    maxTeilnehmer: 8,
    anzahlTeilnehmer: 1,
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
    teilnehmerList: [],
    ...overrides,
  };
}

/** Thomas Therapeut (userId 4) as the therapist lists and filters show him. */
export function therapeutFixture(overrides: Partial<TherapeutListEntry> = {}): TherapeutListEntry {
  return {
    id: 4,
    vorname: 'Thomas',
    nachname: 'Therapeut',
    firmaId: null,
    firmenName: null,
    ausbildung: '',
    schwerpunkte: '',
    beschreibung: '',
    hatProfilbild: false,
    ...overrides,
  };
}
