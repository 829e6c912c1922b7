import type { EigeneZugriffe, ProtokollSeite } from '@dihs/contract/protokoll';
import { addDays, berlinToUtc } from '@dihs/contract/common/time';
import type { z } from 'zod';
import type { protokollQuerySchema, eigeneZugriffeQuerySchema } from '@dihs/contract/protokoll';
import type { Database } from '../../db/client.ts';
import { listAccessesOf, listEntries, type EntryRow } from './protokoll.repository.ts';

type Query = z.output<typeof protokollQuerySchema>;
type OwnQuery = z.output<typeof eigeneZugriffeQuerySchema>;

const person = (userId: number | null, vorname: string | null, nachname: string | null, email: string | null) => ({
  userId,
  vorname,
  nachname,
  email,
});

function toEntry(row: EntryRow): ProtokollSeite['eintraege'][number] {
  return {
    id: row.id,
    zeitpunkt: row.zeitpunkt.toISOString(),
    akteur: person(row.akteurUserId, row.akteurVorname, row.akteurNachname, row.akteurEmail),
    akteurRolle: row.akteurRolle,
    patient: person(row.patientUserId, row.patientVorname, row.patientNachname, row.patientEmail),
    art: row.art,
    aktion: row.aktion,
    datensatzId: row.datensatzId,
    endpunkt: row.endpunkt,
    adresse: row.adresse,
    ergebnis: row.ergebnis,
    status: row.status,
  };
}

/** The operators' audit log screen: von/bis are Berlin calendar days, both inclusive. */
export async function auditPage(db: Database, query: Query): Promise<ProtokollSeite> {
  const { rows, total } = await listEntries(db, {
    patient: query.patient || undefined,
    benutzer: query.benutzer || undefined,
    from: query.von ? berlinToUtc(query.von) : undefined,
    until: query.bis ? berlinToUtc(addDays(query.bis, 1)) : undefined,
    page: query.page,
    size: query.size,
  });
  return { eintraege: rows.map(toEntry), gesamt: total };
}

/** A patient's own view: who of the staff accessed which kind of their records, when. */
export async function ownAccesses(db: Database, patientUserId: number, query: OwnQuery): Promise<EigeneZugriffe> {
  const { rows, total } = await listAccessesOf(db, patientUserId, query.page, query.size);
  return {
    eintraege: rows.map((row) => ({ ...row, zeitpunkt: row.zeitpunkt.toISOString() })),
    gesamt: total,
  };
}
