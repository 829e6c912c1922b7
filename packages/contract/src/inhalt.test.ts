import { describe, expect, it } from 'vitest';
import { PRIVILEGES, privilegeCode, roleCode } from './common/roles.ts';
import { pageBildRule, pageSaveBodySchema, privilegesImpliedByRoles, privilegesOfferedForPage } from './inhalt.ts';

const ALL = PRIVILEGES.map((_, code) => code);
const codes = (...names: (typeof PRIVILEGES)[number][]) => names.map(privilegeCode).sort((a, b) => a - b);

describe('privileges offered in the page editor', () => {
  it('offers every privilege while no role is chosen', () => {
    expect(privilegesOfferedForPage(ALL, [])).toEqual(ALL);
  });

  it('leaves out what a chosen role implies: the privileges only users of that role can hold', () => {
    expect(privilegesImpliedByRoles([roleCode('THERAPEUT')]).sort((a, b) => a - b)).toEqual(
      codes('UEBUNGEN_VERWALTEN_THERAPEUT', 'TRAININGSPLAN_VORLAGEN_VERWALTEN'),
    );
    expect(privilegesImpliedByRoles([roleCode('PATIENT')]).sort((a, b) => a - b)).toEqual(
      codes('HAT_ABO', 'STATISTIK_SCHREIBEN'),
    );
    const offered = privilegesOfferedForPage(ALL, [roleCode('BETREIBER'), roleCode('PATIENT')]);
    expect(offered).toEqual(codes('UEBUNGEN_VERWALTEN_THERAPEUT', 'TRAININGSPLAN_VORLAGEN_VERWALTEN'));
  });

  it('offers nothing when every role is chosen', () => {
    expect(privilegesOfferedForPage(ALL, [0, 1, 2])).toEqual([]);
  });
});

describe('page save payload', () => {
  const valid = {
    titel: 'T',
    bild: '',
    inhalt: '',
    url: 'seite',
    aktiv: true,
    berechtigte: [3, 3, 1],
    oeffentlich: true,
    berechtigteRollen: [2, 0, 2],
    firmaId: null,
  };

  it('stores an empty image as null and sorts the codes without duplicates', () => {
    expect(pageSaveBodySchema.parse(valid)).toMatchObject({
      bild: null,
      berechtigte: [1, 3],
      berechtigteRollen: [0, 2],
    });
  });

  it.each(['/api/files/a.png', '/bild.jpg'])('accepts the image %s of our site', (bild) => {
    expect(pageBildRule.safeParse(bild).success).toBe(true);
  });
  it.each([
    'https://example.org/a.png',
    '//example.org/a.png',
    'javascript:alert(1)',
    '/a b.png',
    'data:image/png;base64,AA',
  ])('refuses the image %s', (bild) => {
    expect(pageBildRule.safeParse(bild).success).toBe(false);
  });
});
