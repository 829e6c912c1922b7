// The training plan the benches measure (bench-akten.mjs, bench-training.mjs): written once, so both measure the
// same plan and a fix to it (such as which set is in force) reaches both.

/** Entries of each plan. */
export const PLAN_ENTRIES = 30;

const DEMO_PATIENT = `(select id from benutzer where email = 'patient@demo.de')`;

/**
 * `sets` plans of 30 entries for the patient the SQL expression names, valid from now: newer than the demo's own plan
 * (valid since the seed ran), so for patient@demo.de these 30 are the plan in force. (Until 2026-11-25 they were valid
 * since a minute ago, older than the demo's, and the benches measured the demo's plan of four exercises.)
 */
export function addPlan(run, patientSql, sets) {
  return run(`with s as (
      insert into trainingsplan_set (patient_user_id, therapeut_user_id, valid_from)
      select ${patientSql}, (select id from benutzer where email = 'therapeut@demo.de'), now()
      from generate_series(1, ${sets})
      returning id)
    insert into trainingsplan_eintrag (set_id, uebung_id, position, dauer, anzahl, pause, wiederholungen, information)
    select s.id, (select min(id) from uebung) + i % 4, i, 60, 10, 30, 3, 'Bench-Übung ' || i
    from s, generate_series(1, ${PLAN_ENTRIES}) as i`);
}

/** patient@demo.de with a subscription (the plan needs it) and a current plan of 30 entries. */
export async function addDemoPatientPlan(run) {
  await run(`update benutzer set privileges = array_append(privileges, 0) where email = 'patient@demo.de'`);
  await addPlan(run, DEMO_PATIENT, 1);
}
