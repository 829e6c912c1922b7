import { createAccount, sql } from './fixtures.ts';

/** A fresh patient with a profile (createAccount makes none): its own balance, untouched by other tests. */
export async function newPatient(vorname: string, nachname: string): Promise<{ email: string; id: number }> {
  const email = await createAccount('PATIENT');
  const { rows } = await sql('select id from benutzer where email = $1', [email]);
  const id = (rows[0] as { id: number }).id;
  await sql('insert into profil (user_id, vorname, nachname) values ($1, $2, $3)', [id, vorname, nachname]);
  return { email, id };
}

/** Grants paid credit through the ledger (a test's own key, so a rerun never books twice). */
export async function grantCredit(patientId: number, kind: string, count: number): Promise<void> {
  await sql(
    `insert into guthaben_buchung (patient_user_id, kind, delta, reason, idempotency_key)
     values ($1, $2, $3, 'E2E-Gutschrift', $4)`,
    [patientId, kind, count, `e2e:${patientId}:${kind}:${Date.now()}`],
  );
}

let counter = 0;
/** A Befund unique to this test run (at most 30 characters, the form's limit). */
export const uniqueBefund = (prefix: string): string =>
  `${prefix} ${process.pid % 1000}-${(Date.now() + counter++) % 1_000_000}`.slice(0, 30);

/** An active appointment of therapeut@demo.de, starting `minutes` from now. */
export async function newTermin(
  befund: string,
  minutes: number,
  termintyp: 'EINZEL' | 'GRUPPE' = 'EINZEL',
): Promise<number> {
  const { rows } = await sql(
    `insert into termin (datum, dauer, termintyp, befund, details, therapeut_user_id, max_teilnehmer, status)
     select now() + make_interval(mins => $1), 20, $2, $3, 'E2E-Termin', id, $4, 'AKTIV'
     from benutzer where email = 'therapeut@demo.de' returning id`,
    [minutes, termintyp, befund, termintyp === 'EINZEL' ? 1 : 5],
  );
  return (rows[0] as { id: number }).id;
}

export const DAY_MINUTES = 24 * 60;

/**
 * Puts a patient into a therapist's care (the need-to-know check admits a therapist only then): one past,
 * attended-looking appointment of the therapist with a booked seat of the patient.
 */
export async function bookIntoCare(therapistUserId: number, patientUserId: number): Promise<void> {
  const { rows } = await sql(
    `insert into termin (datum, dauer, termintyp, befund, details, therapeut_user_id, max_teilnehmer,
       anzahl_teilnehmer, status)
     values (now() - interval '30 days', 20, 'EINZEL', 'E2E-Betreuung', 'Betreuung im Test', $1, 1, 1, 'AKTIV')
     returning id`,
    [therapistUserId],
  );
  await sql(
    `insert into termin_teilnahme (termin_id, patient_user_id, status, zahlungsart) values ($1, $2, 'GEBUCHT', 'GUTHABEN')`,
    [(rows[0] as { id: number }).id, patientUserId],
  );
}
