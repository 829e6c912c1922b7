import type { Appointment } from '@medplum/fhirtypes';
import { TERMINTYP_ANZEIGE } from './fhir-codes.ts';
import {
  iso,
  ms,
  rows,
  text,
  type BundleBau,
  type TeilnahmeRow,
  type TerminRow,
  type Zeit,
} from './fhir-export-rows.ts';

const addMinutes = (start: Zeit, minutes: number) => new Date(ms(start) + minutes * 60_000).toISOString();

/** Appointments (docs/fhir.md): one per seat, with the appointment's details. */
export function fhirTermine({ file, s, add, patient, practitioner }: BundleBau): void {
  // Appointments: one per seat, with the appointment's details
  const termine = new Map(rows<TerminRow>(file, 'termin', 'termin').map((row) => [row.id, row]));
  for (const seat of rows<TeilnahmeRow>(file, 'termin', 'termin_teilnahme')) {
    const termin = termine.get(seat.terminId);
    if (!termin) continue;
    const cancelled = seat.status === 'STORNIERT' || termin.status === 'ABGESAGT';
    const status: Appointment['status'] = cancelled
      ? 'cancelled'
      : seat.status === 'RESERVIERT' || termin.status === 'PLANUNG'
        ? 'pending'
        : seat.teilgenommen
          ? 'fulfilled'
          : 'booked';
    const therapist = practitioner(termin.therapeutUserId);
    add<Appointment>('termin', seat.id, {
      resourceType: 'Appointment',
      identifier: [{ system: s.termin, value: String(termin.id) }],
      status,
      serviceType: [
        {
          coding: [{ system: s.termintyp, code: termin.termintyp, display: TERMINTYP_ANZEIGE[termin.termintyp] }],
          text: TERMINTYP_ANZEIGE[termin.termintyp],
        },
      ],
      ...(text(termin.befund) ? { reasonCode: [{ text: termin.befund! }] } : {}),
      ...(text(termin.details) ? { description: termin.details! } : {}),
      start: iso(termin.datum),
      end: addMinutes(termin.datum, termin.dauer),
      minutesDuration: termin.dauer,
      participant: [
        { actor: patient, required: 'required', status: cancelled ? 'declined' : 'accepted' },
        ...(therapist ? [{ actor: therapist, required: 'required' as const, status: 'accepted' as const }] : []),
      ],
    });
  }
}
