import { ROUTES } from '@dihs/contract/common/routes';
import { privilegeCode } from '@dihs/contract/common/roles';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSession, renderWithApp } from '../test/render.tsx';
import { Guard } from './guard.tsx';

const targets = [
  { path: '/', element: <p>Startseite</p> },
  { path: '/cockpit', element: <p>Cockpit</p> },
  { path: '/therapeut/termine', element: <p>Therapeut-Termine</p> },
];
const session = (role: 'BETREIBER' | 'THERAPEUT' | 'PATIENT', privileges: number[] = []) =>
  fakeSession({ sub: 'x@demo.de', role, privileges, userId: 1, exp: 2_000_000_000 });

describe('Guard', () => {
  it('sends a visitor of a login route to the start page', async () => {
    renderWithApp(<Guard guard={ROUTES.profil.guard}>Profil</Guard>, { path: '/profil', routes: targets });
    expect(await screen.findByText('Startseite')).toBeInTheDocument();
  });

  it('sends a patient without the role to the cockpit, a therapist to their appointments', async () => {
    const guarded = <Guard guard={ROUTES.upload.guard}>Upload</Guard>;
    renderWithApp(guarded, { path: '/betreiber/upload', routes: targets, session: session('PATIENT') });
    expect(await screen.findByText('Cockpit')).toBeInTheDocument();
  });

  it('sends a therapist without the template privilege to / (spec 3, section 2)', async () => {
    const guarded = <Guard guard={ROUTES.trainingsplanVorlagen.guard}>Vorlagen</Guard>;
    renderWithApp(guarded, {
      path: '/therapeut/trainingsplanvorlagen',
      routes: targets,
      session: session('THERAPEUT'),
    });
    expect(await screen.findByText('Startseite')).toBeInTheDocument();
  });

  it('lets the viewer with role and privilege in', () => {
    const guarded = <Guard guard={ROUTES.navigation.guard}>Navigation editieren</Guard>;
    renderWithApp(guarded, {
      path: '/navigation',
      routes: targets,
      session: session('BETREIBER', [privilegeCode('NAVIGATION_EDITIEREN')]),
    });
    expect(screen.getByText('Navigation editieren')).toBeInTheDocument();
  });
});
