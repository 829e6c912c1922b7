import { privilegeCode, PRIVILEGES, type Privilege } from '@dihs/contract/common/roles';
import { describe, expect, it } from 'vitest';
import { roleMenuFor } from './role-menus.ts';

const codes = (...privileges: Privilege[]) => privileges.map(privilegeCode);
const labels = (menu: ReturnType<typeof roleMenuFor>) => menu?.entries.map((entry) => entry.label);

describe('roleMenuFor', () => {
  it('gives an operator with every privilege the twelve entries of spec 1, section 6 and the audit log', () => {
    const menu = roleMenuFor({ role: 'BETREIBER', privileges: PRIVILEGES.map((_, code) => code) });
    expect(menu?.label).toBe('Betreiber');
    expect(labels(menu)).toEqual([
      'Dateien hochladen',
      'Fragebogen editieren',
      'Navigation editieren',
      'Termine editieren',
      'Benutzer verwalten',
      'Rezepte verwalten',
      'Übungen verwalten',
      'Anwendung verwalten',
      'Abopakete verwalten',
      'Firmen verwalten',
      'Videos verwalten',
      'Statistik herunterladen',
      'Zugriffsprotokoll',
    ]);
  });

  it('filters operator entries by privilege', () => {
    const menu = roleMenuFor({ role: 'BETREIBER', privileges: codes('BENUTZER_VERWALTEN', 'GUTHABEN_AENDERN') });
    expect(menu?.entries).toEqual([
      { label: 'Benutzer verwalten', path: '/betreiber/benutzer/liste', privilege: 'BENUTZER_VERWALTEN' },
      { label: 'Rezepte verwalten', path: '/betreiber/rezepte', privilege: 'GUTHABEN_AENDERN' },
      { label: 'Firmen verwalten', path: '/betreiber/firmenverwaltung', privilege: 'BENUTZER_VERWALTEN' },
    ]);
  });

  it('always shows a therapist Profil, Termine and Videos', () => {
    expect(labels(roleMenuFor({ role: 'THERAPEUT', privileges: [] }))).toEqual(['Profil', 'Termine', 'Videos']);
  });

  it('adds the therapist entries their privileges allow', () => {
    const menu = roleMenuFor({
      role: 'THERAPEUT',
      privileges: codes('UEBUNGEN_VERWALTEN_THERAPEUT', 'TRAININGSPLAN_VORLAGEN_VERWALTEN'),
    });
    expect(menu?.label).toBe('Therapeut');
    expect(menu?.entries.slice(3)).toEqual([
      { label: 'Übungen verwalten', path: '/betreiber/uebungen', privilege: 'UEBUNGEN_VERWALTEN_THERAPEUT' },
      {
        label: 'Vorlagen verwalten',
        path: '/therapeut/trainingsplanvorlagen',
        privilege: 'TRAININGSPLAN_VORLAGEN_VERWALTEN',
      },
    ]);
  });

  it('has no menu for patients and visitors', () => {
    expect(roleMenuFor({ role: 'PATIENT', privileges: [] })).toBeNull();
    expect(roleMenuFor(null)).toBeNull();
  });
});
