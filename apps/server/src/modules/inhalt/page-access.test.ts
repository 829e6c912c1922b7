import { describe, expect, it } from 'vitest';
import { privilegeCode, roleCode } from '@dihs/contract/common/roles';
import type { Viewer } from '../users/index.ts';
import { pageAccess } from './page-access.ts';

const page = {
  statisch: false,
  aktiv: true,
  oeffentlich: true,
  firmaId: null,
  berechtigte: [] as number[],
  berechtigteRollen: [] as number[],
  geloeschtAm: null,
};
const viewer = (over: Partial<Viewer> = {}): Viewer => ({
  userId: 1,
  role: 'PATIENT',
  privileges: [],
  firmaId: null,
  ...over,
});
const editor = viewer({ role: 'BETREIBER', privileges: [privilegeCode('NAVIGATION_EDITIEREN')] });

describe('pageAccess', () => {
  it('shows an active public page to everyone', () => {
    expect(pageAccess(page, null)).toBe('ok');
  });

  it('hides trashed pages from everyone, editors included', () => {
    expect(pageAccess({ ...page, geloeschtAm: new Date() }, editor)).toBe('notFound');
  });

  it('shows inactive pages only to editors', () => {
    expect(pageAccess({ ...page, aktiv: false }, viewer())).toBe('notFound');
    expect(pageAccess({ ...page, aktiv: false }, editor)).toBe('ok');
  });

  it('asks visitors to log in for non-public pages', () => {
    expect(pageAccess({ ...page, oeffentlich: false }, null)).toBe('loginRequired');
    expect(pageAccess({ ...page, oeffentlich: false }, viewer())).toBe('ok');
  });

  it('grants restricted pages by role or by privilege', () => {
    const restricted = {
      ...page,
      berechtigteRollen: [roleCode('THERAPEUT')],
      berechtigte: [privilegeCode('STATISTIK_LESEN')],
    };
    expect(pageAccess(restricted, viewer())).toBe('forbidden');
    expect(pageAccess(restricted, viewer({ role: 'THERAPEUT' }))).toBe('ok');
    expect(pageAccess(restricted, viewer({ role: 'BETREIBER', privileges: [privilegeCode('STATISTIK_LESEN')] }))).toBe(
      'ok',
    );
    expect(pageAccess(restricted, null)).toBe('loginRequired');
  });

  it('ties company pages to the company', () => {
    expect(pageAccess({ ...page, firmaId: 3 }, viewer({ firmaId: 3 }))).toBe('ok');
    expect(pageAccess({ ...page, firmaId: 3 }, viewer({ firmaId: 4 }))).toBe('forbidden');
    expect(pageAccess({ ...page, firmaId: 3 }, null)).toBe('loginRequired');
  });

  it('always shows static pages', () => {
    expect(pageAccess({ ...page, statisch: true, aktiv: false, oeffentlich: false }, null)).toBe('ok');
  });
});
