import { FRAGEBOGEN_TEXTS, type FrageTyp, type PatientFragebogen } from '@dihs/contract/fragebogen';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderWithApp, requestedUrls, stubFetch, testSession } from '../../../test/render.tsx';
import beispielDatei from '../../../../../../docs/beispiele/fhir-fragebogen-lebensstil.json';
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

  it('shows the hand-written FHIR Questionnaire (docs/beispiele) as the server decides: the same questions for the same answers', async () => {
    // the example as the import stores it (fragebogen-fhir.test.ts on the server): ids in the file's order
    const beispiel = beispielDatei as {
      title: string;
      item: {
        linkId: string;
        text: string;
        type: string;
        enableWhen?: { question: string; answerBoolean: boolean }[];
      }[];
    };
    const id = new Map(beispiel.item.map((item, index) => [item.linkId, index + 1]));
    const typ: Record<string, FrageTyp> = {
      boolean: 'WAHRHEITSWERT',
      integer: 'SKALA',
      string: 'FREITEXT',
      text: 'FREITEXT',
    };
    const bogen: PatientFragebogen = {
      ...BOGEN,
      titel: beispiel.title,
      antworten: beispiel.item.map((item) => {
        const wenn = item.enableWhen?.[0];
        return frage(
          id.get(item.linkId)!,
          item.text,
          typ[item.type]!,
          wenn && [id.get(wenn.question)!, wenn.answerBoolean],
        );
      }),
    };
    const fetchMock = stubFetch({
      'POST /api/fragebogen/patient/publish': { body: { ...bogen, veroeffentlicht: '2026-11-20T11:00:00Z' } },
      'GET /api/fragebogen/patient/all': { body: [] },
    });
    renderWithApp(<PatientFragebogenForm bogen={bogen} />, { session: fakeSession(PATIENT) });
    const form = screen.getByRole('form', { name: 'Lebensstil und Allergien' });
    const shown = (text: string) => within(form).queryAllByText(text).length > 0;
    const antworten = (text: string, antwort: string) =>
      userEvent.click(
        within(within(form).getByRole('radiogroup', { name: text })).getByRole('radio', { name: antwort }),
      );

    expect(
      ['Haben Sie Allergien?', 'Welche Allergien haben Sie?', 'Rauchen Sie?', 'Trinken Sie Alkohol?'].map(shown),
    ).toEqual([true, false, true, true]);
    // the answers of the server's test (fragebogen-fhir.int.test.ts): no allergies, a smoker who has not tried to stop
    await antworten('Haben Sie Allergien?', 'Nein');
    await antworten('Rauchen Sie?', 'Ja');
    await antworten('Wie stark ist Ihr Verlangen nach einer Zigarette (0 = keines, 10 = sehr stark)?', '6');
    await antworten('Haben Sie schon versucht, mit dem Rauchen aufzuhören?', 'Nein');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Was hält Sie davon ab?' }), 'Stress');
    await antworten('Trinken Sie Alkohol?', 'Ja');
    expect(shown('Welche Allergien haben Sie?')).toBe(false);
    expect(shown('Was hat Ihnen dabei geholfen?')).toBe(false);

    await userEvent.click(within(form).getByRole('button', { name: 'Speichern & Abgeben' }));
    await waitFor(() => expect(requestedUrls(fetchMock)).toContain('/api/fragebogen/patient/publish'));
    const sent = JSON.parse(
      fetchMock.mock.calls.find(([url]) => url === '/api/fragebogen/patient/publish')![1]!.body as string,
    ) as { antworten: { frageId: number; antwort: unknown }[] };
    // exactly the questions the server keeps answers of for these answers (a hidden one goes without an answer)
    expect(sent.antworten.filter((a) => a.antwort !== null).map((a) => beispiel.item[a.frageId - 1]!.text)).toEqual([
      'Haben Sie Allergien?',
      'Rauchen Sie?',
      'Wie stark ist Ihr Verlangen nach einer Zigarette (0 = keines, 10 = sehr stark)?',
      'Haben Sie schon versucht, mit dem Rauchen aufzuhören?',
      'Was hält Sie davon ab?',
      'Trinken Sie Alkohol?',
    ]);
  });
});
