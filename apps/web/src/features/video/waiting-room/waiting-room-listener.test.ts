import { describe, expect, it } from 'vitest';
import { waitingPatientOf } from './waiting-room-listener.ts';

describe('waitingPatientOf', () => {
  it('takes the patient entering a waiting room and ignores every other message', () => {
    expect(
      waitingPatientOf(
        JSON.stringify({ type: 'patientImWarteraum', conferenceId: 3, vorname: 'Paula', nachname: 'Patientin' }),
      ),
    ).toEqual({ conferenceId: 3, vorname: 'Paula', nachname: 'Patientin' });
    expect(waitingPatientOf(JSON.stringify({ type: 'therapeutJoined' }))).toBeNull();
    expect(waitingPatientOf(JSON.stringify({ type: 'patientImWarteraum', conferenceId: 'x' }))).toBeNull();
    expect(waitingPatientOf('kein JSON')).toBeNull();
  });
});
