import { describe, expect, it } from 'vitest';
import { privilegeCode } from './roles.ts';
import { ROUTES, checkGuard, fillPath, homePathFor, matchRoute } from './routes.ts';

const patient = { role: 'PATIENT' as const, privileges: [] };
const therapist = { role: 'THERAPEUT' as const, privileges: [] };
const operator = { role: 'BETREIBER' as const, privileges: [] };
const editor = { role: 'BETREIBER' as const, privileges: [privilegeCode('NAVIGATION_EDITIEREN')] };

describe('checkGuard (spec 1, section 2.2)', () => {
  it('lets everyone through public routes', () => {
    expect(checkGuard(ROUTES.start.guard, null)).toEqual({ allowed: true });
  });

  it('sends a visitor on a login route to /', () => {
    expect(checkGuard(ROUTES.profil.guard, null)).toEqual({ redirect: '/' });
  });

  it('sends a failed role check to the role home: patient /cockpit, therapist /therapeut/termine, operator /', () => {
    expect(checkGuard(ROUTES.betreiberTermine.guard, patient)).toEqual({ redirect: '/cockpit' });
    expect(checkGuard(ROUTES.betreiberTermine.guard, therapist)).toEqual({ redirect: '/therapeut/termine' });
    expect(checkGuard(ROUTES.cockpit.guard, operator)).toEqual({ redirect: '/' });
  });

  it('checks the privilege of an operator', () => {
    expect(checkGuard(ROUTES.navigation.guard, operator)).toEqual({ redirect: '/' });
    expect(checkGuard(ROUTES.navigation.guard, editor)).toEqual({ allowed: true });
  });

  it('sends a therapist without the template privilege to / (spec 3)', () => {
    expect(checkGuard(ROUTES.trainingsplanVorlagen.guard, therapist)).toEqual({ redirect: '/' });
  });

  it('lets either exercise privilege open the exercise library', () => {
    const withTherapistPrivilege = { ...therapist, privileges: [privilegeCode('UEBUNGEN_VERWALTEN_THERAPEUT')] };
    expect(checkGuard(ROUTES.uebungen.guard, withTherapistPrivilege)).toEqual({ allowed: true });
    expect(checkGuard(ROUTES.uebungen.guard, therapist)).toEqual({ redirect: '/therapeut/termine' });
  });
});

describe('route helpers', () => {
  it('names the landing path after login', () => {
    expect([homePathFor('PATIENT'), homePathFor('THERAPEUT'), homePathFor('BETREIBER')]).toEqual([
      '/cockpit',
      '/therapeut/termine',
      '/',
    ]);
  });

  it('fills and matches parameters', () => {
    expect(fillPath(ROUTES.nutzerProfil.path, { userId: 7 })).toBe('/profil/7');
    expect(matchRoute('/betreiber/rezepte/12')?.name).toBe('Rezepte des Patienten');
    expect(matchRoute('/gibt/es/nicht')).toBeUndefined();
  });
});
