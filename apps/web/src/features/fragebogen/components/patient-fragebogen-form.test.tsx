import { FRAGEBOGEN_TEXTS, type PatientFragebogen } from '@dihs/contract/fragebogen';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderWithApp, requestedUrls, stubFetch, testSession } from '../../../test/render.tsx';
import { PatientFragebogenForm } from './patient-fragebogen-form.tsx';

const PATIENT = testSession({ sub: 'patient@demo.de', role: 'PATIENT', userId: 4 });

const frage = (
  id: number,
  text: string,
  typ: 'FREITEXT' | 'SKALA' | 'WAHRHEITSWERT',
  bedingung?: [number, boolean],
) => ({
  antwort: null,
  frage: {
    id,
    frage: text,
    typ,
    position: id,
    frageAbhaengigVonFrage: bedingung?.[0] ?? null,
    frageAnzeigenWennBedingung: bedingung?.[1] ?? null,
  },
});

const BOGEN: PatientFragebogen = {
  id: 9,
  patientId: 4,
  titel: 'Befundfragebogen',
  erstellt: '2026-11-20T10:00:00Z',
  veroeffentlicht: null,
  antworten: [
    frage(1, 'Haben Sie aktuell Schmerzen?', 'WAHRHEITSWERT'),
    frage(2, 'Wie stark sind die Schmerzen heute?', 'SKALA', [1, true]),
    frage(3, 'Was möchten Sie mit der Therapie erreichen?', 'FREITEXT'),
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('PatientFragebogenForm', () => {
  it('names the unanswered questions on "Speichern & Abgeben", focuses the first, and submits once all are answered', async () => {
    const fetchMock = stubFetch({
      'POST /api/fragebogen/patient/publish': { body: { ...BOGEN, veroeffentlicht: '2026-11-20T11:00:00Z' } },
      'GET /api/fragebogen/patient/all': { body: [] },
    });
    renderWithApp(<PatientFragebogenForm bogen={BOGEN} />, { session: fakeSession(PATIENT) });
    const form = screen.getByRole('form', { name: 'Befundfragebogen' });
    const abgeben = within(form).getByRole('button', { name: 'Speichern & Abgeben' });
    expect(abgeben).toBeEnabled();

    await userEvent.click(abgeben);
    let hinweis = within(form).getByRole('alert');
    expect(within(hinweis).getByText('Bitte beantworten Sie noch diese 2 Fragen, bevor Sie den Fragebogen abgeben:'));
    expect(
      within(hinweis)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Haben Sie aktuell Schmerzen?', 'Was möchten Sie mit der Therapie erreichen?']);
    const schmerzen = within(form).getByRole('radiogroup', { name: 'Haben Sie aktuell Schmerzen?' });
    expect(within(schmerzen).getByRole('radio', { name: 'Ja' })).toHaveFocus();
    expect(schmerzen).toHaveAccessibleDescription(FRAGEBOGEN_TEXTS.frageOffen);
    const ziel = within(form).getByRole('textbox', { name: 'Was möchten Sie mit der Therapie erreichen?' });
    expect(ziel).toHaveAccessibleDescription(expect.stringContaining(FRAGEBOGEN_TEXTS.frageOffen));
    expect(requestedUrls(fetchMock)).toEqual([]);

    // a link of the list focuses its question; answering one shortens the list and clears its mark
    await userEvent.click(within(hinweis).getByRole('button', { name: 'Was möchten Sie mit der Therapie erreichen?' }));
    expect(ziel).toHaveFocus();
    await userEvent.type(ziel, 'Wieder joggen');
    await waitFor(() => expect(within(hinweis).getAllByRole('listitem')).toHaveLength(1));
    expect(ziel).not.toHaveAccessibleDescription(expect.stringContaining(FRAGEBOGEN_TEXTS.frageOffen));

    // "Ja" shows the dependent question, which is then the one missing
    await userEvent.click(within(schmerzen).getByRole('radio', { name: 'Ja' }));
    await userEvent.click(abgeben);
    hinweis = within(form).getByRole('alert');
    expect(within(hinweis).getByText('Bitte beantworten Sie noch diese Frage, bevor Sie den Fragebogen abgeben:'));
    expect(
      within(hinweis)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Wie stark sind die Schmerzen heute?']);
    const staerke = within(form).getByRole('radiogroup', { name: 'Wie stark sind die Schmerzen heute?' });
    expect(within(staerke).getByRole('radio', { name: '0' })).toHaveFocus();
    expect(requestedUrls(fetchMock)).toEqual([]);

    await userEvent.click(within(staerke).getByRole('radio', { name: '6' }));
    await waitFor(() => expect(within(form).queryByRole('alert')).not.toBeInTheDocument());
    await userEvent.click(abgeben);
    await waitFor(() => expect(requestedUrls(fetchMock)).toContain('/api/fragebogen/patient/publish'));
    const sent = JSON.parse(
      fetchMock.mock.calls.find(([url]) => url === '/api/fragebogen/patient/publish')![1]!.body as string,
    ) as { antworten: { frageId: number; antwort: unknown }[] };
    expect(sent.antworten).toEqual([
      { frageId: 1, antwort: true },
      { frageId: 2, antwort: 6 },
      { frageId: 3, antwort: 'Wieder joggen' },
    ]);
  });
});
