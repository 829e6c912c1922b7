import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm';
import { ROUTES, fillPath } from '@dihs/contract/common/routes';
import type { DashboardTile } from '@dihs/contract/dashboard';
import { TERMINTYP_LABELS } from '@dihs/contract/termin';
import type { DashboardPatient } from '../module-descriptor.ts';
import type { Database } from '../../db/client.ts';
import { fullName, persons } from '../profil/index.ts';
import { terminTeilnahmen, termine } from './termin.table.ts';

const therapist = persons('cockpit_therapeut');

/**
 * The patient's next booked appointment that has not ended (its session window closes at start + duration, so an
 * appointment under way is still "next": the tile then offers "Sitzung beitreten"). Sessions the therapist ended
 * early are past.
 */
async function naechsterTermin(db: Database, patientUserId: number, now: Date) {
  const [row] = await db
    .select({ termin: termine, vorname: therapist.vorname, nachname: therapist.nachname })
    .from(terminTeilnahmen)
    .innerJoin(termine, eq(termine.id, terminTeilnahmen.terminId))
    .leftJoin(therapist, eq(therapist.userId, termine.therapeutUserId))
    .where(
      and(
        eq(terminTeilnahmen.patientUserId, patientUserId),
        eq(terminTeilnahmen.status, 'GEBUCHT'),
        eq(termine.status, 'AKTIV'),
        isNull(termine.sitzungBeendetAt),
        gte(sql`${termine.datum} + ${termine.dauer} * interval '1 minute'`, now),
      ),
    )
    .orderBy(asc(termine.datum), asc(termine.id))
    .limit(1);
  return row;
}

/** The cockpit's nextTermin tile; without a booked appointment it invites to book one. */
export async function terminDashboardTiles(
  db: Database,
  patient: DashboardPatient,
  now: Date,
): Promise<DashboardTile[]> {
  const row = await naechsterTermin(db, patient.userId, now);
  const termin = row
    ? {
        id: row.termin.id,
        datum: row.termin.datum.toISOString(),
        dauer: row.termin.dauer,
        termintyp: row.termin.termintyp,
        titel: [TERMINTYP_LABELS[row.termin.termintyp], row.termin.befund].filter(Boolean).join(' · '),
        therapeutName: fullName(row),
        sitzungLink: fillPath(ROUTES.videosessionPatient.path, { conferenceId: row.termin.id }),
      }
    : null;
  return [
    {
      kind: 'nextTermin',
      id: 'naechster-termin',
      icon: 'termin',
      link: ROUTES.patientTermine.path,
      size: 1,
      termin,
    },
  ];
}
