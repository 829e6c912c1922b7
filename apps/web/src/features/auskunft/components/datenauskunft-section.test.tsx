import { AUSKUNFT_TEXTS, datenauskunftDateiname, fhirDateiname } from '@dihs/contract/auskunft';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureSavedFiles } from '../../../test/saved-files.ts';
import { fakeSession, renderWithApp, requestedUrls, stubFetch, testSession } from '../../../test/render.tsx';
import { DatenauskunftSection } from './datenauskunft-section.tsx';

const PATIENT = testSession({ sub: 'patient@demo.de', role: 'PATIENT', userId: 4 });
const saved = captureSavedFiles();

afterEach(() => vi.unstubAllGlobals());

const exportUrl = (fetchMock: ReturnType<typeof stubFetch>) =>
  requestedUrls(fetchMock).filter((url) => url.startsWith('/api/datenauskunft'));

describe('DatenauskunftSection', () => {
  it('warns that the file is unencrypted health data and downloads only after the confirmation', async () => {
    const fetchMock = stubFetch({ 'GET /api/datenauskunft': { body: { format: 'dihs-datenauskunft' } } });
    renderWithApp(<DatenauskunftSection />, { session: fakeSession(PATIENT) });

    await userEvent.click(screen.getByRole('button', { name: AUSKUNFT_TEXTS.button }));
    const dialog = await screen.findByRole('dialog', { name: AUSKUNFT_TEXTS.warnungTitel });
    expect(dialog).toHaveAccessibleDescription(AUSKUNFT_TEXTS.warnung);
    expect(AUSKUNFT_TEXTS.warnung).toMatch(/nicht verschlüsselt/);
    expect(AUSKUNFT_TEXTS.warnung).toMatch(/Gesundheitsdaten/);
    expect(AUSKUNFT_TEXTS.warnung).toMatch(/unverschlüsselter E-Mail/);
    expect(exportUrl(fetchMock)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: AUSKUNFT_TEXTS.warnungBestaetigen }));
    await waitFor(() => expect(saved).toEqual([datenauskunftDateiname()]));
    expect(exportUrl(fetchMock)).toEqual(['/api/datenauskunft']);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('downloads nothing when the patient cancels', async () => {
    const fetchMock = stubFetch({ 'GET /api/datenauskunft': { body: {} } });
    renderWithApp(<DatenauskunftSection />, { session: fakeSession(PATIENT) });

    await userEvent.click(screen.getByRole('button', { name: AUSKUNFT_TEXTS.button }));
    const dialog = await screen.findByRole('dialog', { name: AUSKUNFT_TEXTS.warnungTitel });
    // the cancel button has the focus: a stray Enter downloads nothing
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(exportUrl(fetchMock)).toEqual([]);
    expect(saved).toEqual([]);
  });

  it('downloads the FHIR file after the same warning, from the FHIR endpoint', async () => {
    const fetchMock = stubFetch({ 'GET /api/datenauskunft/fhir': { body: { resourceType: 'Bundle' } } });
    renderWithApp(<DatenauskunftSection />, { session: fakeSession(PATIENT) });

    await userEvent.click(screen.getByRole('button', { name: AUSKUNFT_TEXTS.fhirButton }));
    const dialog = await screen.findByRole('dialog', { name: AUSKUNFT_TEXTS.warnungTitel });
    expect(dialog).toHaveAccessibleDescription(AUSKUNFT_TEXTS.warnung);
    expect(exportUrl(fetchMock)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: AUSKUNFT_TEXTS.warnungBestaetigen }));
    await waitFor(() => expect(saved).toEqual([fhirDateiname()]));
    expect(exportUrl(fetchMock)).toEqual(['/api/datenauskunft/fhir']);
    expect(fhirDateiname()).toMatch(/^datenauskunft-\d{4}-\d{2}-\d{2}\.fhir\.json$/);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('downloads no FHIR file when the patient cancels', async () => {
    const fetchMock = stubFetch({ 'GET /api/datenauskunft/fhir': { body: {} } });
    renderWithApp(<DatenauskunftSection />, { session: fakeSession(PATIENT) });

    await userEvent.click(screen.getByRole('button', { name: AUSKUNFT_TEXTS.fhirButton }));
    const dialog = await screen.findByRole('dialog', { name: AUSKUNFT_TEXTS.warnungTitel });
    await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(exportUrl(fetchMock)).toEqual([]);
    expect(saved).toEqual([]);
  });
});
