/** A flag as a table shows it: "Ja" or "Nein". */
export const yesNo = (value: boolean): string => (value ? 'Ja' : 'Nein');

/** "Vorname Nachname", trimmed. */
export const fullName = (person: { vorname: string; nachname: string }): string =>
  `${person.vorname} ${person.nachname}`.trim();

/**
 * A booked participant as lists show them: the name, or a stated absence for a patient who has not entered one yet
 * (an empty link would have no accessible name).
 */
export const teilnehmerName = (teilnehmer: { firstname: string; lastname: string }): string =>
  `${teilnehmer.firstname} ${teilnehmer.lastname}`.trim() || 'Patient ohne Namen';
