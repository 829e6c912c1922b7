import type { Teilnehmer, Termin } from '@dihs/contract/termin';
import type { ParticipantRow, TerminWithTherapeut } from './termin.repository.ts';
import type { TerminTeilnahmeRow } from './termin.table.ts';

/** What the plan shows of the viewer's own seat. */
export type SeatView = Pick<TerminTeilnahmeRow, 'status' | 'teilgenommen' | 'beigetreten' | 'herausgeworfen'>;

/** How participants appear: full (operators), with or without patient links (therapists), names only (patients). */
export type ParticipantView = 'full' | 'noLinks' | 'namesOnly' | 'none';

export function toTeilnehmer(p: ParticipantRow, view: ParticipantView): Teilnehmer {
  const withIds = view === 'full';
  return {
    patientId: withIds ? p.patientUserId : null,
    userId: withIds ? p.patientUserId : null,
    firstname: p.vorname ?? '',
    lastname: p.nachname ?? '',
    teilgenommen: view === 'namesOnly' ? false : p.teilgenommen,
  };
}

export function toTermin(
  row: TerminWithTherapeut,
  participants: ParticipantRow[],
  view: ParticipantView,
  now: Date,
  seat?: SeatView | null,
): Termin {
  const t = row.termin;
  const ende = t.datum.getTime() + t.dauer * 60_000;
  return {
    id: t.id,
    datum: t.datum.toISOString(),
    dauer: t.dauer,
    termintyp: t.termintyp,
    befund: t.befund,
    details: t.details,
    therapeut: {
      id: t.therapeutUserId,
      userId: t.therapeutUserId,
      vorname: row.vorname ?? '',
      nachname: row.nachname ?? '',
    },
    therapeutId: t.therapeutUserId,
    maxTeilnehmer: t.maxTeilnehmer,
    anzahlTeilnehmer: t.anzahlTeilnehmer,
    angemeldet: Boolean(seat),
    bezahlt: seat?.status === 'GEBUCHT',
    teilgenommen: seat?.teilgenommen ?? false,
    // Over when its time has passed or the therapist ended the video session.
    beendet: now.getTime() > ende || t.sitzungBeendetAt !== null,
    herausgeworfen: seat?.herausgeworfen ?? false,
    zugeschlossen: t.sitzungGesperrt,
    beigetreten: seat?.beigetreten ?? false,
    istFirmentermin: t.istFirmentermin,
    everyoneView: t.everyoneView,
    firmaId: t.firmaId,
    status: t.status,
    teilnehmerList:
      view === 'none' ? [] : participants.filter((p) => p.terminId === t.id).map((p) => toTeilnehmer(p, view)),
  };
}
