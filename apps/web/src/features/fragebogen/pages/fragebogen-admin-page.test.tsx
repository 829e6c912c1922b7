import { FRAGEBOGEN_FHIR_TEXTS, type FragebogenDefinition } from '@dihs/contract/fragebogen';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderWithApp, requestedUrls, stubFetch, operatorSession } from '../../../test/render.tsx';
import { captureSavedFiles } from '../../../test/saved-files.ts';
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

  describe('FHIR', () => {
    const saved = captureSavedFiles();
    const SKRIPT = '<img src=x onerror="alert(1)">';
    const IMPORTIERT: FragebogenDefinition = {
      ...ENTWURF,
      id: 7,
      titel: SKRIPT,
      fragen: [{ ...ENTWURF.fragen[0]!, fragebogenId: 7, frage: '<script>alert("x")</script>Ja?' }],
    };
    const datei = () => new File(['{"resourceType":"Questionnaire"}'], 'fragebogen.json', { type: 'application/json' });

    it('imports a Questionnaire file from the button as a draft; a script in its texts shows as text', async () => {
      let liste = [VEROEFFENTLICHT];
      const fetchMock = stubFetch({
        'GET /api/fragebogen/all': () => ({ body: liste }),
        'POST /api/fragebogen/fhir/import': (init) => {
          expect((init.body as FormData).get('file')).toBeInstanceOf(File);
          liste = [IMPORTIERT, VEROEFFENTLICHT];
          return { body: IMPORTIERT };
        },
      });
      renderWithApp(<FragebogenAdminPage />, { path: '/betreiber/fragebogen', session: fakeSession(OPERATOR) });
      const button = await screen.findByRole('button', { name: FRAGEBOGEN_FHIR_TEXTS.importieren });
      expect(button).toHaveAccessibleDescription(FRAGEBOGEN_FHIR_TEXTS.importHinweis);
      // the button opens the file choice: the input is reached through it, not by Tab
      const input = screen.getByLabelText<HTMLInputElement>(FRAGEBOGEN_FHIR_TEXTS.importieren, { selector: 'input' });
      const choose = vi.spyOn(input, 'click');
      button.focus();
      await userEvent.keyboard('{Enter}');
      expect(choose).toHaveBeenCalled();

      await userEvent.upload(input, datei());
      expect(await screen.findByRole('alert')).toHaveTextContent(FRAGEBOGEN_FHIR_TEXTS.importiert(SKRIPT));
      expect(requestedUrls(fetchMock)).toContain('/api/fragebogen/fhir/import');
      expect(await screen.findByRole('heading', { level: 2, name: SKRIPT })).toBeInTheDocument();
      expect(screen.getByDisplayValue('<script>alert("x")</script>Ja?')).toBeInTheDocument();
      expect(document.querySelector('main script, img[src="x"]')).toBeNull();
      // a draft exists now: no second import
      await waitFor(() => expect(screen.queryByRole('button', { name: FRAGEBOGEN_FHIR_TEXTS.importieren })).toBeNull());
    });

    it('shows the server’s refusal, naming the question', async () => {
      const meldung = 'Frage „2“ („Welche?“): Die Bedingung („enableWhen“) verweist auf die unbekannte Frage „9“.';
      stubFetch({
        'GET /api/fragebogen/all': { body: [VEROEFFENTLICHT] },
        'POST /api/fragebogen/fhir/import': { status: 400, body: { message: meldung } },
      });
      renderWithApp(<FragebogenAdminPage />, { path: '/betreiber/fragebogen', session: fakeSession(OPERATOR) });
      await screen.findByRole('button', { name: FRAGEBOGEN_FHIR_TEXTS.importieren });
      await userEvent.upload(
        screen.getByLabelText<HTMLInputElement>(FRAGEBOGEN_FHIR_TEXTS.importieren, { selector: 'input' }),
        datei(),
      );
      const alert = (await screen.findByText(FRAGEBOGEN_FHIR_TEXTS.importFehlerTitel)).closest('[role="alert"]');
      expect(alert).toHaveTextContent(meldung);
    });

    it('downloads the chosen definition as a FHIR file', async () => {
      const fetchMock = stubFetch({
        'GET /api/fragebogen/all': { body: [ENTWURF, VEROEFFENTLICHT] },
        'GET /api/fragebogen/fhir/1': { body: { resourceType: 'Questionnaire' } },
      });
      renderWithApp(<FragebogenAdminPage />, { path: '/betreiber/fragebogen', session: fakeSession(OPERATOR) });
      await userEvent.click(await screen.findByRole('button', { name: /Erstbefund/ }));
      await userEvent.click(await screen.findByRole('button', { name: FRAGEBOGEN_FHIR_TEXTS.herunterladen }));
      await waitFor(() => expect(saved).toEqual(['fragebogen-1.fhir.json']));
      expect(requestedUrls(fetchMock)).toContain('/api/fragebogen/fhir/1');
    });
  });
});
