/** A flag as a table shows it: "Ja" or "Nein". */
export const yesNo = (value: boolean): string => (value ? 'Ja' : 'Nein');

/** "Vorname Nachname", trimmed. */
export const fullName = (person: { vorname: string; nachname: string }): string =>
  `${person.vorname} ${person.nachname}`.trim();
