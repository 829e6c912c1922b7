import { ABO_PAKET_DEFAULTS } from '@dihs/contract/abo';
import { LEERE_ANAMNESE } from '@dihs/contract/anamnese';
import { KEINE_FIRMA_ID } from '@dihs/contract/firma';
import { DEMO_PASSWORD } from '../modules/users/index.ts';
import {
  newSandboxEvent,
  SANDBOX_SIGNATURE_HEADER,
  sandboxSecret,
  signSandboxPayload,
} from '../modules/zahlung/sandbox.provider.ts';
import { pngUpload, type MatrixAccount, type MatrixWorld } from './authorization-matrix.world.ts';
import { TEST_JWT_SECRET } from './test-app.ts';

/**
 * What one matrix call sends. `subject` is the patient whose records the call addresses (by the declaration's
 * patientParam, by a record id of theirs or in the body); absent when the call concerns only the caller or no
 * patient at all. The expected answers follow from the declaration and the subject (authorization-matrix.rules.ts).
 */
export interface MatrixSample {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  /** JSON, or the text of a text endpoint. */
  body?: unknown;
  /** A body sent as it is (multipart, form posts, signed webhooks), with its headers. */
  raw?: { payload: string | Buffer; headers: Record<string, string> };
  subject?: MatrixAccount;
}

/** One endpoint's row: only what the declaration cannot tell. */
export interface MatrixEntry {
  /** Sample input for one call, built per call (the caller is absent for the anonymous one). */
  sample: (w: MatrixWorld, caller: MatrixAccount | undefined) => MatrixSample | Promise<MatrixSample>;
  /**
   * The call ends sessions or tokens of the world's accounts, or changes a record of A for good (submitted, deleted):
   * it runs after all others, on fresh tokens.
   */
  destructive?: true;
  /** The sample addresses a patient, yet the declaration rightly has no patientRecord: why. */
  notPatientRecord?: string;
  /** Refusals by the handler's own rule that no declaration expresses (403 or 404), by actor key, with the reason. */
  handlerRule?: { refuses: readonly string[]; because: string };
  /**
   * A `patientList` declaration: the patients the caller's answer names (the matrix checks their audit entries). Every
   * such row has it; it is the world's patients the answer must contain, not all of them.
   */
  listsPatients?: (w: MatrixWorld, caller: MatrixAccount | undefined) => readonly MatrixAccount[];
  /** The answer rightly shows A's name or e-mail to others without a patient rule: why. */
  answersWithoutRule?: string;
  /**
   * The call erases its subject in the background: the erasure anonymises the subject's audit entries (patient id
   * NULL), the call's own entry too when it comes after it, so an anonymised entry of the call counts as written.
   */
  erasesSubject?: true;
}

/** The caller when it is a patient: whose own account an answer is about. */
const callerIfPatient = (_w: MatrixWorld, caller: MatrixAccount | undefined): MatrixAccount[] =>
  caller?.role === 'PATIENT' ? [caller] : [];

const none = (): MatrixSample => ({});
/** The subject A by a path parameter that carries A's user id. */
const patientA =
  (param: string, extra: Omit<MatrixSample, 'subject'> = {}) =>
  (w: MatrixWorld): MatrixSample => ({ ...extra, params: { ...extra.params, [param]: w.A.id }, subject: w.A });
/** A patient created for this call in T1's care, for calls that change the account they address. */
const freshPatient = (param: string) => async (w: MatrixWorld) => {
  const victim = await w.freshPatientInCare();
  return { params: { [param]: victim.id }, subject: victim };
};
const futureDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const newPassword = 'Matrix#2026neu';
const UNKNOWN_CODE = 'unbekannterCode123';
const UNKNOWN_TOKEN = 'unbekanntesToken1234';
const UNKNOWN_ID = 999_999;
/** A JSON file in the multipart field `file` (the FHIR Questionnaire import). */
function fhirUpload(json: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----matrix-fhir';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fragebogen.json"\r\n` +
      `Content-Type: application/fhir+json\r\n\r\n${json}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
/** A's questionnaire as saved or submitted: its own id, no answers. */
const fragebogenOfA = (w: MatrixWorld): MatrixSample => ({
  body: { id: w.fragebogenIdOfA, antworten: [] },
  subject: w.A,
});
const eintragFelder = { dauer: 30, anzahl: 10, pause: 30, wiederholungen: 3 };

const vorlage = {
  refuses: ['therapeutOhne'],
  because: 'eine Vorlage gehört dem Therapeuten, der sie anlegte',
} as const;

const OWN_BY_SESSION = 'nur der Patient selbst: der Handler sucht den Datensatz unter den eigenen (fremde: 404)';

const video = {
  refuses: ['patientB', 'therapeutOhne', 'betreiberOhne'],
  because: 'Videositzung: nur der Therapeut des Termins und gebuchte Patienten',
} as const;

/**
 * The matrix table, by module and endpoint key as in ALL_ENDPOINTS. A new endpoint needs a row here (see
 * docs/architecture.md, "Authorization matrix"); the matrix test fails for a declaration without one and for a
 * row without a declaration.
 */
export const MATRIX_ENTRIES: Record<string, Record<string, MatrixEntry>> = {
  accounts: {
    registrieren: {
      sample: (w) => ({
        body: {
          vorname: 'Rita',
          nachname: 'Matrix',
          email: `matrix-reg-${w.unique()}@test.de`,
          passwort: newPassword,
          passwortWiederholen: newPassword,
          strasse: 'Am Weiher',
          hausnummer: '7',
          plz: '50667',
          stadt: 'Köln',
          land: 'Deutschland',
          geburtsdatum: '1961-04-23',
          einverstaendnis: true,
        },
      }),
    },
    emailBestaetigen: { sample: () => ({ params: { code: UNKNOWN_CODE } }) },
    emailAenderungAbschliessen: { sample: () => ({ params: { code: UNKNOWN_CODE } }) },
    passwortZuruecksetzen: { sample: (w) => ({ body: w.A.email }) },
    passwortMitCodeSetzen: {
      sample: () => ({
        params: { code: UNKNOWN_CODE },
        body: { passwort: newPassword, passwortWiederholen: newPassword },
      }),
    },
    emailAendern: {
      sample: (w) => ({ body: { email: `matrix-neu-${w.unique()}@test.de`, aktuellesPasswort: DEMO_PASSWORD } }),
    },
    // the own password set to the same one: the call still ends the caller's other sessions
    passwortAendern: {
      destructive: true,
      sample: () => ({
        body: { passwort: DEMO_PASSWORD, passwortWiederholen: DEMO_PASSWORD, aktuellesPasswort: DEMO_PASSWORD },
      }),
    },
    emailBestaetigt: {
      sample: (w, caller) => ({ params: { email: caller?.email ?? w.A.email } }),
      listsPatients: callerIfPatient,
    },
    bestaetigungErneutSenden: { sample: (w, caller) => ({ body: caller?.email ?? w.A.email }) },
  },
  auth: {
    anmelden: { sample: (w) => ({ body: { email: w.A.email, password: DEMO_PASSWORD } }) },
    zweiterFaktorNoetig: { sample: (w) => ({ body: { email: w.A.email, password: DEMO_PASSWORD } }) },
    // revokes the caller's token
    abmelden: { destructive: true, sample: none },
    sitzungen: { sample: none },
    // an id no account has: every caller may ask, and finds it only among its own sessions (404)
    sitzungAbmelden: { sample: () => ({ params: { id: '00000000-0000-4000-8000-000000000000' } }) },
    // ends every session of the caller's account
    ueberallAbmelden: { destructive: true, sample: none },
    sitzungAktiv: { sample: none },
    berechtigungen: { sample: none },
    berechtigungenDerRolle: { sample: () => ({ params: { role: 'PATIENT' } }) },
  },
  feedback: {
    senden: { sample: () => ({ body: { email: null, feedback: 'Rückmeldung der Berechtigungsmatrix' } }) },
  },
  firma: {
    alle: { sample: none },
    alleKurz: { sample: none },
    meine: { sample: none },
    einePatient: {
      sample: patientA('id'),
      handlerRule: {
        refuses: ['therapeutMitA', 'therapeutOhne'],
        because: 'Handler: nur Betreiber und der Patient selbst, strenger als die Deklaration',
      },
    },
    eineTherapeut: {
      sample: (w) => ({ params: { id: w.T1.id } }),
      handlerRule: {
        refuses: ['patientA', 'patientB', 'therapeutOhne'],
        because: 'nur Betreiber und der Therapeut selbst',
      },
    },
    neu: { sample: (w) => ({ body: { bezeichner: `Matrix GmbH ${w.unique()}` } }) },
    update: { sample: (w) => ({ body: { bezeichner: `Matrix AG ${w.unique()}`, id: w.firmaId } }) },
    entfernen: { sample: () => ({ body: { id: 999_999 } }) },
    setzenPatient: {
      sample: (w) => ({ body: { bezeichner: '', firmaId: KEINE_FIRMA_ID, patientId: w.A.id }, subject: w.A }),
    },
    setzenTherapeut: { sample: (w) => ({ body: { bezeichner: '', firmaId: KEINE_FIRMA_ID, therapeutId: w.T1.id } }) },
  },
  profil: {
    my: { sample: none },
    aendern: { sample: () => ({ body: { telefon: '0221 123456' } }) },
    therapeutView: { sample: (w) => ({ params: { userId: w.T1.id } }) },
    patientView: { sample: patientA('userId') },
    betreiberView: { sample: patientA('userId') },
    betreiberAendern: { sample: patientA('userId', { body: { telefon: '0221 654321' } }) },
    bemerkung: { sample: patientA('patientId', { body: 'Bemerkung der Berechtigungsmatrix' }) },
    nameOnly: { sample: none },
    nameOnlyPatient: { sample: patientA('patientId') },
    therapeutenVerzeichnis: { sample: none },
    therapeutenBetreiber: { sample: none },
    eigenerTherapeut: { sample: none },
    patientNachPatientId: { sample: patientA('id') },
    patientNachUserId: { sample: patientA('id') },
    eigenerPatient: { sample: none },
    dokumentationAnlegen: { sample: patientA('patientId', { body: 'Eintrag der Berechtigungsmatrix' }) },
    dokumentation: { sample: patientA('patientId') },
    dokumentationBetreiberAnlegen: { sample: patientA('patientId', { body: 'Eintrag der Berechtigungsmatrix' }) },
    dokumentationBetreiber: { sample: patientA('patientId') },
    dokumentationPdf: { sample: patientA('patientId') },
    profilbildHochladen: { sample: async () => ({ raw: await pngUpload() }) },
    profilbildHochladenFuer: { sample: async (w) => ({ params: { userId: w.T1.id }, raw: await pngUpload() }) },
    profilbild: { sample: (w) => ({ params: { userId: w.T1.id } }) },
  },
  users: {
    // the world locks no account: the lists name nobody (users.int.test.ts reads a locked patient's entry)
    gesperrte: { sample: none, listsPatients: () => [] },
    entsperren: { sample: () => ({ body: ['niemand@test.de'] }), listsPatients: () => [] },
    liste: { sample: () => ({ body: 'PATIENT' }), listsPatients: (w) => [w.A, w.B] },
    anlegen: { sample: (w) => ({ params: { role: 'PATIENT' }, body: `matrix-neu-${w.unique()}@test.de` }) },
    berechtigungen: {
      sample: async (w) => ({ ...(await freshPatient('id')(w)), body: { privileges: [], active: true } }),
    },
    email: { sample: async (w) => ({ ...(await freshPatient('id')(w)), body: `matrix-mail-${w.unique()}@test.de` }) },
    passwort: { sample: async (w) => ({ ...(await freshPatient('id')(w)), body: newPassword }) },
  },
  'second-factor': {
    status: { sample: none },
    betreiberStatus: { sample: patientA('userId') },
    // without key and code: the first step, which only answers a new key
    aktivieren: { sample: () => ({ body: { password: DEMO_PASSWORD } }) },
    deaktivieren: { sample: () => ({ body: { password: DEMO_PASSWORD, token: '000000' } }) },
    betreiberAktivieren: { sample: async (w) => ({ ...(await freshPatient('userId')(w)), body: null }) },
    betreiberDeaktivieren: { sample: freshPatient('userId') },
  },
  health: {
    ping: { sample: none },
    health: { sample: none },
  },
  inhalt: {
    seite: { sample: () => ({ params: { url: 'ueber-uns' } }) },
    meta: { sample: () => ({ params: { url: 'ueber-uns' } }) },
    speichern: {
      sample: () => ({
        params: { url: 'matrix-probe' },
        body: {
          titel: 'Matrix',
          bild: null,
          inhalt: '<p>Matrix</p>',
          url: 'matrix-probe',
          aktiv: true,
          berechtigte: [],
          oeffentlich: true,
          berechtigteRollen: [],
          firmaId: null,
        },
      }),
    },
  },
  loeschung: {
    istGeloescht: { sample: patientA('patientId') },
    loeschen: { sample: freshPatient('patientId'), erasesSubject: true },
  },
  navigation: {
    baum: { sample: none },
    bearbeiten: { sample: none },
    // an outdated version: refused as a conflict, the menu stays
    speichern: { sample: () => ({ body: { version: 999_999, baum: [] } }) },
    papierkorb: { sample: none },
    entsorgen: { sample: () => ({ body: { ids: [999_999], final: false } }) },
    wiederherstellen: { sample: () => ({ params: { id: 999_999 } }) },
    papierkorbLeeren: { sample: none },
  },
  abo: {
    pakete: { sample: none },
    paketAnlegen: { sample: (w) => ({ body: { ...ABO_PAKET_DEFAULTS, title: `Matrix ${w.unique()}` } }) },
    paketAendern: {
      sample: (w) => ({
        body: { ...ABO_PAKET_DEFAULTS, title: 'Matrix', aktiv: true, buchbar: true, aboPaketId: w.aboPaketId },
      }),
    },
    standardPakete: { sample: none },
    bestellen: { sample: (w) => ({ params: { id: w.aboPaketId } }) },
    eigenesAbo: { sample: none },
    aboVonPatient: { sample: patientA('patientId') },
    zahlungsLink: { sample: none },
    zahlungsHinweise: { sample: none },
    kuendigen: { sample: (w) => ({ params: { aboId: w.aboIdOfA }, subject: w.A }), notPatientRecord: OWN_BY_SESSION },
    kuendigungWiderrufen: {
      sample: (w) => ({ params: { aboId: w.aboIdOfA }, subject: w.A }),
      notPatientRecord: OWN_BY_SESSION,
    },
    zuweisen: {
      sample: async (w) => {
        const victim = await w.freshPatientInCare();
        return { body: { aboPaketId: w.aboPaketId, patientId: victim.id }, subject: victim };
      },
    },
    bezahlaboBeenden: { sample: (w) => ({ body: { sofort: false, patientId: w.A.id }, subject: w.A }) },
    firmenaboBeenden: { sample: (w) => ({ body: { date: futureDay(30), patientId: w.A.id }, subject: w.A }) },
    hatAbo: { sample: patientA('userId') },
    bestaetigungPdf: { sample: none },
    kuendigungsbestaetigungPdf: { sample: none },
  },
  guthaben: {
    eigenes: { sample: none },
    eigenerVerlauf: { sample: none },
    angebote: { sample: none },
    bestellen: { sample: (w) => ({ params: { offerId: w.angebotId } }) },
    buchung: {
      sample: (w) => ({ params: { buchungId: w.bestellungIdOfA }, subject: w.A }),
      notPatientRecord: OWN_BY_SESSION,
    },
    vonPatient: { sample: patientA('patientId') },
    verlaufVonPatient: { sample: patientA('patientId') },
    speichern: {
      sample: patientA('patientId', {
        body: {
          bezahltEinzelTermin: 1,
          bezahltGruppenTermin: 1,
          bezahltBefundTermin: 0,
          bezahltTelefonTermin: 0,
          bezahltAnamneseTermin: 0,
          aboEinzelTermin: 0,
          aboGruppenTermin: 0,
          aboBefundTermin: 0,
          aboTrainingsplan: 0,
          rezeptEinzelTermin: 0,
          rezeptGruppenTermin: 0,
          rezeptBefundTermin: 0,
        },
      }),
    },
    bestaetigungPdf: {
      sample: (w) => ({ params: { id: w.bestellungIdOfA }, subject: w.A }),
      notPatientRecord: OWN_BY_SESSION,
    },
  },
  zahlung: {
    checkout: { sample: () => ({ params: { token: UNKNOWN_TOKEN } }) },
    sandboxSeite: { sample: () => ({ params: { token: UNKNOWN_TOKEN } }) },
    sandboxAktion: {
      sample: () => ({
        params: { token: UNKNOWN_TOKEN },
        raw: { payload: 'aktion=abbrechen', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      }),
    },
    // correctly signed, for a payment that does not exist
    webhookSandbox: {
      sample: () => {
        const payload = JSON.stringify(newSandboxEvent('payment.paid', 999_999));
        const signature = signSandboxPayload(sandboxSecret(TEST_JWT_SECRET), payload);
        return {
          raw: { payload, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature } },
        };
      },
    },
    webhookStripe: { sample: () => ({ raw: { payload: '{}', headers: { 'content-type': 'application/json' } } }) },
    neueste: { sample: none },
    eine: {
      sample: (w) => ({ params: { id: w.zahlungIdOfA }, subject: w.A }),
      notPatientRecord:
        'eine Zahlung, kein Gesundheitsdatum: der Handler zeigt sie nur ihrem Zahler und Betreibern mit ' +
        'ZAHLUNGEN_VERWALTEN (404 sonst); der Zahler steht im Zugriffsprotokoll (patientList)',
      listsPatients: (w, caller) => (caller?.id === w.A.id ? [w.A] : []),
    },
    beispiel: { sample: () => ({ body: { description: 'Matrix', amount: 100 } }) },
  },
  termin: {
    betreiberAlle: { sample: () => ({ query: {} }), listsPatients: (w) => [w.A] },
    planVonPatient: { sample: patientA('patientId', { query: {} }) },
    aktivieren: { sample: async (w) => ({ params: { id: await w.freshTermin({ status: 'PLANUNG' }) } }) },
    absagen: { sample: async (w) => ({ params: { id: await w.freshTermin() } }) },
    betreiberEiner: { sample: (w) => ({ params: { id: w.careTerminId } }), listsPatients: (w) => [w.A] },
    speichern: {
      // a new appointment: nobody booked, nobody named
      listsPatients: () => [],
      sample: (w) => ({
        body: {
          id: null,
          befund: 'Matrix',
          details: 'Termin der Berechtigungsmatrix',
          termintyp: 'GRUPPE',
          therapeutId: w.T1.id,
          datum: futureDay(10),
          uhrzeit: '10:00',
          maxTeilnehmer: 5,
          dauer: 30,
        },
      }),
    },
    teilgenommen: {
      sample: (w) => ({
        params: { terminId: w.pastTerminId },
        body: { patientId: w.A.id, teilgenommen: true },
        subject: w.A,
      }),
    },
    therapeutAlle: {
      sample: () => ({ params: { status: 'AKTIV' } }),
      listsPatients: (w, caller) => (caller?.id === w.T1.id ? [w.A] : []),
    },
    patientAlle: { sample: () => ({ query: {} }) },
    angemeldet: { sample: none },
    terminlistePdf: { sample: (w) => ({ body: { ids: [w.careTerminId] } }) },
    teilnahmePdf: { sample: (w) => ({ params: { id: w.pastTerminId } }) },
    buchungPdf: { sample: (w) => ({ params: { id: w.careTerminId } }) },
  },
  cart: {
    anlegen: { sample: (w) => ({ body: [{ id: w.freeTerminId }] }) },
    bestaetigen: {
      sample: (w) => ({ params: { cartId: w.cartIdOfA }, subject: w.A }),
      notPatientRecord: OWN_BY_SESSION,
    },
    eigener: { sample: (w) => ({ params: { cartId: w.cartIdOfA }, subject: w.A }), notPatientRecord: OWN_BY_SESSION },
    zuruecksetzen: {
      sample: (w) => ({ params: { cartId: w.cartIdOfA }, subject: w.A }),
      notPatientRecord: OWN_BY_SESSION,
    },
    anlegenFuerPatient: { sample: (w) => patientA('patientId', { body: [{ id: w.freeTerminId }] })(w) },
    betreiberEiner: { sample: (w) => ({ params: { cartId: w.cartIdOfA }, subject: w.A }) },
    betreiberBestaetigen: { sample: (w) => ({ params: { cartId: w.cartIdOfA }, subject: w.A }) },
    betreiberZuruecksetzen: { sample: (w) => ({ params: { cartId: w.cartIdOfA }, subject: w.A }) },
    offen: { sample: none },
    anmelden: { sample: (w) => ({ params: { id: w.freeTerminId } }) },
    abmelden: { sample: (w) => ({ params: { id: w.spareTerminId } }) },
  },
  video: {
    iceServers: { sample: none },
    sitzung: { sample: (w) => ({ params: { conferenceId: w.careTerminId } }), handlerRule: video },
  },
  verwaltung: {
    befunde: { sample: none },
    befundNamen: { sample: none },
    inhalte: { sample: none },
    sonstige: { sample: none },
    speichern: { sample: () => ({ body: { id: null, type: 'SUPPORT_TEXT', value: 'Hinweis der Matrix' } }) },
    loeschen: { sample: () => ({ body: { id: 999_999 } }) },
  },

  auskunft: {
    herunterladen: { sample: none },
    fhir: { sample: none },
    fhirUebermitteln: { sample: patientA('patientId', { body: { grund: 'Übermittlung an die Praxis Muster' } }) },
  },
  fragebogen: {
    eigene: { sample: none },
    vonPatient: { sample: patientA('patientId') },
    neu: { sample: patientA('patientId') },
    speichern: { sample: fragebogenOfA },
    abgeben: { sample: fragebogenOfA, destructive: true },
    pdf: { sample: (w) => ({ params: { id: w.fragebogenIdOfA }, subject: w.A }) },
    definitionen: { sample: none },
    definitionNeu: { sample: none },
    frageHinzufuegen: { sample: () => ({ body: { fragebogenId: UNKNOWN_ID } }) },
    frageEntfernen: { sample: () => ({ body: { id: UNKNOWN_ID } }) },
    definitionSpeichern: { sample: () => ({ body: { id: UNKNOWN_ID, titel: 'Matrix', fragen: [] } }) },
    definitionVeroeffentlichen: { sample: () => ({ body: { id: UNKNOWN_ID, titel: 'Matrix', fragen: [] } }) },
    definitionFhir: { sample: () => ({ params: { id: UNKNOWN_ID } }) },
    // a Questionnaire without title and items: refused (400) once admitted, so no draft is left behind
    definitionImportieren: { sample: () => ({ raw: fhirUpload('{"resourceType":"Questionnaire"}') }) },
  },
  anamnese: {
    eigene: { sample: none },
    vonPatient: { sample: patientA('patientId') },
    speichern: { sample: () => ({ body: { ...LEERE_ANAMNESE, datenschutz: true } }) },
    unterschreiben: { sample: none },
    // a patient removes only its own (no patientId); an operator names the patient
    entfernen: { sample: (w) => ({ body: { patientId: w.A.id }, subject: w.A }), destructive: true },
    pdfEigene: { sample: none },
    pdfVonPatient: { sample: patientA('id') },
  },
  protokoll: {
    liste: {
      sample: () => ({ query: {} }),
      answersWithoutRule:
        'das Zugriffsprotokoll selbst: es nennt Patienten und Art, nie Inhalte; ein Eintrag je Lesen des Protokolls ' +
        'hielte jedem Patienten die Prüfung des Protokolls als Zugriff vor (docs/decisions.md, Issue 31 Punkt 1)',
    },
    eigene: { sample: () => ({ query: {} }) },
  },
  einwilligung: {
    offen: { sample: none },
    // an outdated version: refused as a conflict, nothing is recorded
    erteilen: { sample: () => ({ body: { fassungen: [{ url: 'nutzungsbestimmungen', fassung: 'a'.repeat(64) }] } }) },
    // A's consent stands withdrawn afterwards (booking and joining answer 409): last, on fresh tokens
    widerrufen: { sample: none, destructive: true },
    eigene: { sample: none },
    desPatienten: { sample: patientA('patientId') },
  },
  rezept: {
    eigene: { sample: none },
    fuerPatient: { sample: patientA('patientId') },
    alle: { sample: none, listsPatients: (w) => [w.A] },
    alleGefiltert: { sample: () => ({ params: { filter: 'ALL' } }), listsPatients: (w) => [w.A] },
    datei: { sample: (w) => ({ params: { id: w.rezeptIdOfA }, subject: w.A }) },
    eigeneDatei: { sample: (w) => ({ params: { id: w.rezeptIdOfA }, subject: w.A }) },
    bearbeitung: { sample: (w) => ({ params: { id: w.rezeptIdOfA }, subject: w.A }) },
    abgerechnet: { sample: (w) => ({ params: { id: w.rezeptIdOfA }, subject: w.A }) },
    abgelehnt: { sample: (w) => ({ params: { id: w.rezeptIdOfA }, subject: w.A }) },
    loeschen: { sample: (w) => ({ params: { id: w.rezeptIdOfA }, subject: w.A }), destructive: true },
    gutschrift: {
      sample: (w) => ({
        params: { id: w.rezeptIdOfA },
        body: { rezeptEinzelTermin: 1, rezeptGruppenTermin: 0, rezeptBefundTermin: 0 },
        subject: w.A,
      }),
    },
    hochladen: { sample: async () => ({ raw: await pngUpload() }) },
  },
  datei: {
    liste: { sample: none },
    hochladen: { sample: async () => ({ raw: await pngUpload() }) },
    // public files: an unknown one answers 404 to everyone
    oeffentlich: { sample: () => ({ params: { datei: `${UNKNOWN_ID}-bild.png` } }) },
  },
  training: {
    uebungen: { sample: () => ({ query: {} }) },
    uebung: { sample: (w) => ({ params: { id: w.uebungId } }) },
    uebungenSortiert: { sample: none },
    uebungenNachIds: { sample: (w) => ({ params: { ids: `${w.uebungId},${UNKNOWN_ID}` } }) },
    uebungVorschau: { sample: (w) => ({ params: { id: w.uebungId } }) },
    // an exercise that does not exist: a new one would wait for the video host's thumbnail
    uebungSpeichern: {
      sample: () => ({
        body: {
          id: UNKNOWN_ID,
          titel: 'Matrix',
          beschreibung: 'Übung der Berechtigungsmatrix',
          videoUrl: 'https://vimeo.com/76979871',
        },
      }),
    },
    uebungLoeschen: { sample: () => ({ params: { id: UNKNOWN_ID } }) },
    vorlagen: { sample: none },
    vorlagenAuswahl: { sample: none },
    vorlageUebungen: { sample: (w) => ({ params: { vorlageId: w.vorlageIdOfT1 } }), handlerRule: vorlage },
    vorlageNeu: { sample: none },
    vorlageUmbenennen: {
      sample: (w) => ({ params: { id: w.vorlageIdOfT1 }, body: { befund: 'Matrix-Vorlage' } }),
      handlerRule: vorlage,
    },
    vorlageLoeschen: { sample: () => ({ body: { id: UNKNOWN_ID } }) },
    vorlageUebungHinzufuegen: {
      sample: (w) => ({ body: { ...eintragFelder, vorlageId: w.vorlageIdOfT1, uebungId: w.uebungId } }),
      handlerRule: vorlage,
    },
    vorlageUebungAendern: { sample: () => ({ body: { ...eintragFelder, id: UNKNOWN_ID } }) },
    vorlageUebungEntfernen: { sample: () => ({ body: { id: UNKNOWN_ID } }) },
    meinPlan: { sample: none },
    erledigt: { sample: (w) => ({ body: { eintragId: w.planEintragIdOfA, erledigt: true }, subject: w.A }) },
    planAktuell: { sample: patientA('patientId') },
    planSets: { sample: patientA('patientId') },
    planSet: { sample: (w) => ({ params: { setId: w.planSetIdOfA }, subject: w.A }) },
    planSetNeu: { sample: patientA('patientId') },
    planSetAusVorlage: {
      sample: (w) => ({ params: { id: w.vorlageIdOfT1 }, body: { patientId: w.A.id }, subject: w.A }),
    },
    planSetDatum: {
      sample: (w) => ({ body: { setId: w.planSetIdOfA, validFrom: new Date().toISOString() }, subject: w.A }),
    },
    eintragSpeichern: {
      sample: (w) => ({ body: { ...eintragFelder, setId: w.planSetIdOfA, uebungId: w.uebungId }, subject: w.A }),
    },
    eintragEntfernen: {
      sample: async (w) => ({ params: { id: await w.freshPlanEintragOfA() }, subject: w.A }),
    },
    eintragVerschieben: {
      sample: (w) => ({ params: { a: w.planEintragIdOfA, b: w.planEintrag2IdOfA }, subject: w.A }),
    },
  },
  statistik: {
    // a visit (type 0) without an action
    ereignis: { sample: () => ({ body: { type: 0, aktionid: null } }) },
    herunterladen: { sample: () => ({ query: { from: futureDay(-7), to: futureDay(0) } }) },
  },
  dashboard: {
    kacheln: { sample: none },
  },
  videothek: {
    betreiberListe: { sample: none },
    therapeutListe: { sample: none },
    patientListe: { sample: none },
    anlegen: {
      sample: () => ({
        body: { titel: 'Matrix', kurzbeschreibung: 'Video der Matrix', vimeolink: 'https://vimeo.com/76979871' },
      }),
    },
    speichern: {
      sample: () => ({
        body: {
          id: UNKNOWN_ID,
          titel: 'Matrix',
          kurzbeschreibung: 'Video der Matrix',
          vimeolink: 'https://vimeo.com/76979871',
        },
      }),
    },
    loeschen: { sample: () => ({ body: { id: UNKNOWN_ID } }) },
    firmen: { sample: none },
    vorschau: { sample: () => ({ params: { id: UNKNOWN_ID } }) },
  },
};
