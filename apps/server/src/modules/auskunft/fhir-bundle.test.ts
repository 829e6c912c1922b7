import type { Appointment, Bundle, DocumentReference, Observation, Resource } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { TERMINTYPEN } from '@dihs/contract/termin';
import { fhirBundle, type ExportTables } from './fhir-bundle.ts';
import { eigeneSysteme, TERMINTYP_ANZEIGE } from './fhir-codes.ts';
import { danglingReferences, fhirErrors } from './fhir.test-support.ts';

/** The mapping's cases the demo patient does not have: every appointment type and seat state, edge values. */

const termin = (id: number, termintyp: string, status = 'AKTIV') => ({
  id,
  datum: '2026-11-21T09:00:00.000Z',
  dauer: 30,
  termintyp,
  befund: '',
  details: null,
  therapeutUserId: id === 5 ? null : 2,
  status,
});
const seat = (id: number, terminId: number, status: string, teilgenommen = false) => ({
  id,
  terminId,
  status,
  teilgenommen,
});

const FILE: ExportTables = {
  users: { benutzer: [{ id: 7, email: 'p@example.de', firmaId: null, active: true }] },
  // a profile without any value: no name, no address, no birth date
  profil: {
    profil: [
      {
        vorname: '',
        nachname: null,
        strasse: null,
        hausnummer: null,
        plz: null,
        ort: null,
        land: null,
        geburtsdatum: null,
        telefon: null,
      },
    ],
    // a documentation entry written late in the evening (the next day in Berlin) whose author's account is gone
    dokumentation: [
      {
        id: 11,
        patientUserId: 7,
        autorUserId: null,
        vonBetreiber: false,
        beitrag: 'Übung „Brücke“ ohne Schmerz.',
        datum: '2026-11-20T23:30:00.000Z',
      },
    ],
  },
  termin: {
    termin: [...TERMINTYPEN.map((typ, index) => termin(index + 1, typ)), termin(9, 'EINZEL', 'ABGESAGT')],
    termin_teilnahme: [
      seat(1, 1, 'GEBUCHT', true),
      seat(2, 2, 'RESERVIERT'),
      seat(3, 3, 'STORNIERT'),
      seat(4, 4, 'GEBUCHT'),
      seat(5, 5, 'GEBUCHT'),
      seat(6, 9, 'GEBUCHT'),
    ],
  },
  anamnese: {
    anamnese: [
      {
        angaben: { woSchmerzen: [{ x: 0.01, y: 0.99, seite: 'VORNE' }], schmerzen: 0, groesse: 181.5 },
        unterschrieben: false,
        unterschriebenAm: null,
        geaendertAm: '2026-11-20T10:00:00.000Z',
      },
    ],
  },
  // a prescription whose file is missing in the store
  rezept: {
    rezept: [
      {
        id: 3,
        originalFilename: 'r.pdf',
        mediaType: 'application/pdf',
        anmerkung: null,
        status: 'GELOESCHT',
        eingereicht: '2026-11-01T08:00:00.000Z',
      },
    ],
    rezept_datei: [],
  },
};

const bundle: Bundle = fhirBundle(FILE, 7, {
  therapeuten: new Map([[2, { vorname: 'Thomas', nachname: 'Therapeut' }]]),
  firma: null,
  uebungen: new Map(),
  definitionen: new Map(),
  systeme: eigeneSysteme('https://praxis.example/'),
  erstelltAm: new Date('2026-11-28T06:00:00.000Z'),
});
const ofType = <T extends Resource>(type: T['resourceType']): T[] =>
  bundle.entry!.map((entry) => entry.resource!).filter((r): r is T => r.resourceType === type);

describe('fhirBundle', () => {
  it('is valid R4 with no dangling reference, also for sparse records', () => {
    expect(fhirErrors(bundle)).toEqual([]);
    expect(danglingReferences(bundle)).toEqual([]);
  });

  it('names every appointment type as service type and maps the seat’s state to the status', () => {
    const appointments = ofType<Appointment>('Appointment');
    expect(appointments.map((a) => [a.serviceType![0]!.coding![0]!.code, a.status])).toEqual([
      ['EINZEL', 'fulfilled'],
      ['GRUPPE', 'pending'],
      ['TELEFON', 'cancelled'],
      ['ANAMNESE', 'booked'],
      ['BEFUND', 'booked'],
      ['EINZEL', 'cancelled'],
    ]);
    expect(appointments[0]!.serviceType![0]!.coding![0]).toEqual({
      system: 'https://praxis.example/fhir/CodeSystem/termintyp',
      code: 'EINZEL',
      display: TERMINTYP_ANZEIGE.EINZEL,
    });
    expect(appointments[0]).toMatchObject({ start: '2026-11-21T09:00:00.000Z', end: '2026-11-21T09:30:00.000Z' });
    // an appointment without a therapist has the patient only
    expect(appointments[4]!.participant).toHaveLength(1);
    expect(appointments[2]!.participant[0]!.status).toBe('declined');
  });

  it('keeps a body-image point outside the regions as text only, and an unsigned anamnesis in progress', () => {
    const [point] = ofType<Observation>('Observation');
    expect(point!.bodySite).toEqual({ text: 'Vorderseite: außerhalb der Körperregionen' });
    const response = ofType('QuestionnaireResponse')[0] as { status: string; item: unknown[] };
    expect(response.status).toBe('in-progress');
    expect(response.item).toEqual([
      { linkId: 'groesse', text: 'Größe (cm)', answer: [{ valueDecimal: 181.5 }] },
      {
        linkId: 'schmerzen',
        text: 'Haben Sie Schmerzen?',
        answer: [
          {
            valueCoding: {
              system: 'https://praxis.example/fhir/CodeSystem/anamnese-antwort/schmerzen',
              code: '0',
              display: 'Ja',
            },
          },
        ],
      },
    ]);
  });

  it('exports a prescription whose file is missing without data, a deleted one as entered-in-error', () => {
    const [rezept] = ofType<DocumentReference>('DocumentReference').filter((r) => r.type?.text?.startsWith('Rezept'));
    expect(rezept!.status).toBe('entered-in-error');
    expect(rezept!.content[0]!.attachment).toEqual({
      contentType: 'application/pdf',
      title: 'r.pdf',
      creation: '2026-11-01T08:00:00.000Z',
    });
  });

  it('exports a documentation entry whose author is gone without author, its text and Berlin date intact', () => {
    const [eintrag] = ofType<DocumentReference>('DocumentReference').filter(
      (r) => r.type?.coding?.[0]?.code === '11506-3',
    );
    expect(eintrag!.author).toBeUndefined();
    expect(eintrag!.type!.text).toBe('Therapeutische Dokumentation');
    expect(eintrag!.content[0]!.attachment.title).toBe('Dokumentationseintrag vom 21.11.2026');
    expect(Buffer.from(eintrag!.content[0]!.attachment.data!, 'base64').toString('utf8')).toBe(
      'Übung „Brücke“ ohne Schmerz.',
    );
  });

  it('gives the same record the same urn:uuid in every export', () => {
    const again = fhirBundle(FILE, 7, {
      therapeuten: new Map(),
      firma: null,
      uebungen: new Map(),
      definitionen: new Map(),
      systeme: eigeneSysteme('https://praxis.example'),
      erstelltAm: new Date(),
    });
    expect(again.entry!.map((e) => e.fullUrl)).toEqual(bundle.entry!.map((e) => e.fullUrl));
  });
});
