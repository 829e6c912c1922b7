import { ROLE_LABELS, hasPrivilege, type Privilege, type Role } from '@dihs/contract/common/roles';
import { ROUTES } from '@dihs/contract/common/routes';
import type { Session } from '../../lib/session.ts';

export interface RoleMenuEntry {
  label: string;
  path: string;
  /** Shown only with this privilege; without one the entry is always shown. */
  privilege?: Privilege;
}

export interface RoleMenu {
  label: string;
  entries: RoleMenuEntry[];
}

/** The role menus of the top bar (spec 1, section 6). Patients have the Cockpit button instead. */
export const ROLE_MENU_ENTRIES: Partial<Record<Role, readonly RoleMenuEntry[]>> = {
  BETREIBER: [
    { label: 'Dateien hochladen', path: ROUTES.upload.path, privilege: 'DATEIEN_HOCHLADEN' },
    { label: 'Fragebogen editieren', path: ROUTES.fragebogenAdmin.path, privilege: 'FRAGEBOGEN_EDITIEREN' },
    { label: 'Navigation editieren', path: ROUTES.navigation.path, privilege: 'NAVIGATION_EDITIEREN' },
    { label: 'Termine editieren', path: ROUTES.betreiberTermine.path, privilege: 'TERMINE_EDITIEREN' },
    { label: 'Benutzer verwalten', path: ROUTES.benutzerListe.path, privilege: 'BENUTZER_VERWALTEN' },
    { label: 'Rezepte verwalten', path: ROUTES.rezepte.path, privilege: 'GUTHABEN_AENDERN' },
    { label: 'Übungen verwalten', path: ROUTES.uebungen.path, privilege: 'UEBUNGEN_VERWALTEN' },
    { label: 'Anwendung verwalten', path: ROUTES.verwaltung.path, privilege: 'ANWENDUNG_VERWALTEN' },
    { label: 'Abopakete verwalten', path: ROUTES.aboPakete.path, privilege: 'ABOPAKETE_VERWALTEN' },
    { label: 'Firmen verwalten', path: ROUTES.firmenverwaltung.path, privilege: 'BENUTZER_VERWALTEN' },
    { label: 'Videos verwalten', path: ROUTES.videos.path, privilege: 'VIDEOS_BEARBEITEN' },
    { label: 'Statistik herunterladen', path: ROUTES.statistik.path, privilege: 'STATISTIK_LESEN' },
    // beyond spec 1 section 6: the audit log of patient records
    { label: 'Zugriffsprotokoll', path: ROUTES.zugriffsprotokoll.path, privilege: 'ZUGRIFFSPROTOKOLL_LESEN' },
  ],
  THERAPEUT: [
    { label: 'Profil', path: ROUTES.profil.path },
    { label: 'Termine', path: ROUTES.therapeutTermine.path },
    { label: 'Videos', path: ROUTES.videos.path },
    { label: 'Übungen verwalten', path: ROUTES.uebungen.path, privilege: 'UEBUNGEN_VERWALTEN_THERAPEUT' },
    {
      label: 'Vorlagen verwalten',
      path: ROUTES.trainingsplanVorlagen.path,
      privilege: 'TRAININGSPLAN_VORLAGEN_VERWALTEN',
    },
  ],
};

/** The viewer's role menu with the entries their privileges allow; null when the role has none. */
export function roleMenuFor(session: Pick<Session, 'role' | 'privileges'> | null): RoleMenu | null {
  const entries = session ? ROLE_MENU_ENTRIES[session.role] : undefined;
  if (!session || !entries) return null;
  return {
    label: ROLE_LABELS[session.role],
    entries: entries.filter((entry) => !entry.privilege || hasPrivilege(session.privileges, entry.privilege)),
  };
}
