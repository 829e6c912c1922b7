import { ROUTES } from '@dihs/contract/common/routes';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeSession, renderWithApp } from '../../../test/render.tsx';
import { VideoRoleGate } from './role-gate.tsx';

const targets = [{ path: '/', element: <p>Startseite</p> }];
const session = (role: 'THERAPEUT' | 'PATIENT') =>
  fakeSession({ sub: 'x@demo.de', role, privileges: [], userId: 1, exp: 2_000_000_000 });

describe('VideoRoleGate (spec 3 section 8)', () => {
  it('shows "Unberechtigter Zugriff!" to a wrong role and then goes to /', async () => {
    renderWithApp(<VideoRoleGate guard={ROUTES.videosessionPatient.guard}>Sitzung</VideoRoleGate>, {
      path: '/video/therapie/patient/5',
      routes: targets,
      session: session('THERAPEUT'),
    });
    expect(screen.getByRole('dialog', { name: 'Unberechtigter Zugriff!' })).toBeInTheDocument();
    expect(screen.queryByText('Sitzung')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Startseite')).toBeInTheDocument();
  });

  it('lets the right role through', () => {
    renderWithApp(<VideoRoleGate guard={ROUTES.videosessionPatient.guard}>Sitzung</VideoRoleGate>, {
      path: '/video/therapie/patient/5',
      routes: targets,
      session: session('PATIENT'),
    });
    expect(screen.getByText('Sitzung')).toBeInTheDocument();
  });
});
