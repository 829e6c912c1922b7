import type { FragebogenDefinition } from '@dihs/contract/fragebogen';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderWithApp, stubFetch, operatorSession } from '../../../test/render.tsx';
import { FragebogenAdminPage } from './fragebogen-admin-page.tsx';

const OPERATOR = operatorSession('FRAGEBOGEN_EDITIEREN');

const VEROEFFENTLICHT: FragebogenDefinition = {
  id: 1,
  titel: 'Erstbefund',
  veroeffentlicht: '2026-10-01T08:00:00.000Z',
  fragen: [],
};
const ENTWURF: FragebogenDefinition = {
  id: 2,
  titel: 'Neuer Fragebogen',
  veroeffentlicht: null,
  fragen: [
    {
      id: 5,
      frage: 'Wo tut es weh?',
      typ: 'FREITEXT',
      position: 1,
      abhaengigVonFrageId: null,
      abhaengigVonBedingung: null,
      fragebogenId: 2,
      aktiv: true,
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('FragebogenAdminPage', () => {
  it('names the questionnaire in the snackbar when a draft is created, saved and published', async () => {
    let entwurf: FragebogenDefinition | null = null;
    stubFetch({
      'GET /api/fragebogen/all': () => ({ body: entwurf ? [entwurf, VEROEFFENTLICHT] : [VEROEFFENTLICHT] }),
      'GET /api/fragebogen/new': () => {
        entwurf = ENTWURF;
        return { body: ENTWURF };
      },
      'POST /api/fragebogen/save': (init) => {
        entwurf = { ...ENTWURF, titel: (JSON.parse(init.body as string) as { titel: string }).titel };
        return { body: entwurf };
      },
      'POST /api/fragebogen/publish': () => ({
        body: { ...entwurf!, veroeffentlicht: '2026-11-02T08:00:00.000Z' },
      }),
    });
    renderWithApp(<FragebogenAdminPage />, { path: '/betreiber/fragebogen', session: fakeSession(OPERATOR) });
    await userEvent.click(await screen.findByRole('button', { name: 'Neuer Fragebogen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Fragebogen „Neuer Fragebogen“ wurde angelegt.');

    const titel = await screen.findByLabelText('Titel');
    await userEvent.clear(titel);
    await userEvent.type(titel, 'Rücken');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Fragebogen „Rücken“ wurde gespeichert.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Veröffentlichen' }));
    expect(await screen.findByText('Fragebogen „Rücken“ wurde veröffentlicht.')).toBeInTheDocument();
  });
});
