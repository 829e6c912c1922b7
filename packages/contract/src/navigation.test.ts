import { describe, expect, it } from 'vitest';
import { resolveNavigationLink } from './navigation.ts';

describe('resolveNavigationLink (spec 1, section 2.3)', () => {
  it.each([
    [{ urlType: 'SEITE', ziel: 'agb', statisch: true }, '/agb'],
    [{ urlType: 'SEITE', ziel: 'ueber-uns', statisch: false }, '/inhalt/ueber-uns'],
    [{ urlType: 'PROFIL', ziel: '', statisch: false }, '/profil'],
    [{ urlType: 'PROFIL', ziel: '7', statisch: false }, '/profil/7'],
    [{ urlType: 'THERAPEUT_TERMINE', ziel: '3', statisch: false }, '/therapeut/termine/3'],
    [
      { urlType: 'PATIENT_TERMINE', ziel: '5', statisch: false, params: { ket: 'true' } },
      '/patient/termine?id=5&ket=true',
    ],
    [{ urlType: 'APP', ziel: '/verbindungstest', statisch: false }, '/verbindungstest'],
    [{ urlType: 'WARTERAUM', ziel: '42', statisch: false }, '/video/therapie/patient/42'],
  ] as const)('resolves %j to %s', (url, href) => {
    expect(resolveNavigationLink(url)).toEqual({ href, external: false });
  });

  it('marks external addresses', () => {
    expect(resolveNavigationLink({ urlType: 'EXTERN', ziel: 'https://example.org/', statisch: false })).toEqual({
      href: 'https://example.org/',
      external: true,
    });
  });
});
