import { sql } from './fixtures.ts';

/**
 * A current training plan of therapeut@demo.de for the patient, made from the demo template "Rückenschmerzen"
 * (valid since a minute ago, so the patient's page shows it at once).
 */
export async function demoPlanFor(patientId: number): Promise<void> {
  await sql(
    `with s as (insert into trainingsplan_set (patient_user_id, therapeut_user_id, valid_from)
       values ($1, (select id from benutzer where email = 'therapeut@demo.de'), now() - interval '1 minute') returning id)
     insert into trainingsplan_eintrag (set_id, uebung_id, position, dauer, anzahl, pause, wiederholungen, information)
     select s.id, vu.uebung_id, vu.position, vu.dauer, vu.anzahl, vu.pause, vu.wiederholungen, vu.information
     from s, trainingsplan_vorlage_uebung vu join trainingsplan_vorlage v on v.id = vu.vorlage_id
     where v.befund = 'Rückenschmerzen' order by vu.position`,
    [patientId],
  );
}
