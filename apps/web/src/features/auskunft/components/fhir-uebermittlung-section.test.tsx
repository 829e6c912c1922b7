import { AUSKUNFT_TEXTS, fhirDateiname, UEBERMITTLUNG_TEXTS } from '@dihs/contract/auskunft';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureSavedFiles } from '../../../test/saved-files.ts';
import { fakeSession, operatorSession, renderWithApp, stubFetch } from '../../../test/render.tsx';
import { FhirUebermittlungSection } from './fhir-uebermittlung-section.tsx';

const URL_OF_5 = 'POST /api/datenauskunft/fhir/patient/5';
const GRUND = 'Übermittlung an die Praxis Muster';
const saved = captureSavedFiles();

afterEach(() => vi.unstubAllGlobals());

const session = () => fakeSession(operatorSession('PATIENTENDATEN_UEBERMITTELN'));

describe('FhirUebermittlungSection', () => {
  it('asks for a reason behind the health-data warning, then downloads the patient’s FHIR file', async () => {
    const bodies: unknown[] = [];
    stubFetch({
      [URL_OF_5]: (init) => {
        bodies.push(JSON.parse(init.body as string));
        return { body: { resourceType: 'Bundle' } };
      },
    });
    renderWithApp(<FhirUebermittlungSection patientId={5} />, { session: session() });

    await userEvent.click(screen.getByRole('button', { name: UEBERMITTLUNG_TEXTS.button }));
    const dialog = await screen.findByRole('dialog', { name: UEBERMITTLUNG_TEXTS.dialogTitel });
    expect(dialog).toHaveTextContent(AUSKUNFT_TEXTS.warnung);
    const confirm = screen.getByRole('button', { name: UEBERMITTLUNG_TEXTS.bestaetigen });
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: UEBERMITTLUNG_TEXTS.grund }), 'kurz');
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: UEBERMITTLUNG_TEXTS.grund }), ` – ${GRUND}`);
    await waitFor(() => expect(confirm).toBeEnabled());
    await userEvent.click(confirm);

    await waitFor(() => expect(saved).toEqual([fhirDateiname()]));
    expect(bodies).toEqual([{ grund: `kurz – ${GRUND}` }]);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('shows the server’s refusal inside the dialog and saves nothing', async () => {
    stubFetch({ [URL_OF_5]: { status: 404, body: { message: UEBERMITTLUNG_TEXTS.keinPatient } } });
    renderWithApp(<FhirUebermittlungSection patientId={5} />, { session: session() });

    await userEvent.click(screen.getByRole('button', { name: UEBERMITTLUNG_TEXTS.button }));
    const dialog = await screen.findByRole('dialog', { name: UEBERMITTLUNG_TEXTS.dialogTitel });
    await userEvent.type(screen.getByRole('textbox', { name: UEBERMITTLUNG_TEXTS.grund }), GRUND);
    await userEvent.click(screen.getByRole('button', { name: UEBERMITTLUNG_TEXTS.bestaetigen }));
    expect(await screen.findByText(UEBERMITTLUNG_TEXTS.keinPatient)).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
