import type { PlanSet, PlanSetList } from '@dihs/contract/training';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderRoutes, stubFetch, testSession } from '../../../test/render.tsx';
import { PlanEditorPage } from './plan-editor-page.tsx';

const THERAPIST = testSession({ sub: 'therapeut@demo.de', role: 'THERAPEUT', userId: 4 });

const SETS: PlanSetList = {
  patientName: 'Paula Patientin',
  sets: [{ id: 11, validFrom: '2026-11-02T09:00:00.000Z' }],
  aktuellesSetId: 11,
  hatAbo: true,
};
const SET: PlanSet = {
  id: 11,
  validFrom: '2026-11-02T09:00:00.000Z',
  patientId: 5,
  planListe: [],
  adherenzProzent: null,
};

afterEach(() => vi.unstubAllGlobals());

/** The save snackbar's text (the exercise column beside it has its own alert when its list is not stubbed). */
const snackbar = async (text: string) => (await screen.findByText(text)).closest('[role="alert"]');

const renderPage = () =>
  renderRoutes([{ path: '/therapeut/trainingsplan/:patient', element: <PlanEditorPage /> }], {
    path: '/therapeut/trainingsplan/5',
    session: fakeSession(THERAPIST),
  });

describe('PlanEditorPage', () => {
  it('names a new plan by its patient and start in the snackbar and chooses it', async () => {
    let erstellt = false;
    const neu = { id: 12, validFrom: '2026-12-01T08:30:00.000Z' };
    stubFetch({
      'GET /api/trainingsplan/therapeut/list/5': () => ({
        body: erstellt ? { ...SETS, sets: [...SETS.sets, neu] } : SETS,
      }),
      'GET /api/trainingsplan/therapeut/set/11': { body: SET },
      'GET /api/trainingsplan/therapeut/set/12': { body: { ...SET, ...neu } },
      'GET /api/trainingsplan/vorlagen/auswahl': { body: [] },
      'POST /api/trainingsplan/therapeut/createset/5': () => {
        erstellt = true;
        return { body: neu };
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Neuer Trainingsplan' }));
    const dialog = screen.getByRole('dialog', { name: 'Neuer Trainingsplan' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erstellen' }));

    expect(await snackbar('Trainingsplan „Paula Patientin, ab 01.12.2026 - 09:30“ wurde angelegt.')).not.toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Plan Ab:' })).toHaveTextContent('01.12.2026 - 09:30');
  });

  it('names the plan with its new start after "Startdatum Ändern"', async () => {
    stubFetch({
      'GET /api/trainingsplan/therapeut/list/5': { body: SETS },
      'GET /api/trainingsplan/therapeut/set/11': { body: SET },
      'POST /api/trainingsplan/therapeut/changedate': { body: { id: 11, validFrom: '2027-03-15T09:00:00.000Z' } },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Startdatum Ändern' }));
    const dialog = screen.getByRole('dialog', { name: 'Startdatum Ändern' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));

    expect(await snackbar('Trainingsplan „Paula Patientin, ab 15.03.2027 - 10:00“ wurde gespeichert.')).not.toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
