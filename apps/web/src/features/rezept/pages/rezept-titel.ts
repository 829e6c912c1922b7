import { REZEPT_TEXTS } from '@dihs/contract/rezept';

/** 'E-AKTE VON {Vorname} {Nachname}' once a name is loaded, otherwise 'ALLE REZEPTE' (spec 2 "Prescriptions"). */
export const rezeptTitel = (name: { vorname: string; nachname: string } | undefined): string =>
  name && (name.vorname || name.nachname)
    ? REZEPT_TEXTS.titelMitName(name.vorname, name.nachname)
    : REZEPT_TEXTS.titelOhneName;
