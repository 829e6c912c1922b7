import { dateiEndpoints } from '@dihs/contract/datei';
import { profilEndpoints } from '@dihs/contract/profil';
import { rezeptEndpoints, type Rezept } from '@dihs/contract/rezept';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/render.tsx';
import { callEndpoint } from './endpoint-client.ts';

afterEach(() => vi.unstubAllGlobals());

/** The form a stubbed fetch was called with, as [name, value] pairs in order (a file as its name). */
const sentForm = (fetchMock: ReturnType<typeof stubFetch>): [string, string][] => {
  const body = fetchMock.mock.calls[0]?.[1]?.body;
  expect(body).toBeInstanceOf(FormData);
  return [...(body as FormData).entries()].map(([name, value]) => [
    name,
    typeof value === 'string' ? value : `Datei ${value.name}`,
  ]);
};

const REZEPT: Rezept = {
  id: 1,
  originalFilename: 'rezept.pdf',
  anmerkung: 'Physiotherapie',
  status: 'NEU',
  eingereicht: '2026-11-21T07:15:00.000Z',
  gebucht: null,
  patientId: 7,
  gutschrift: { rezeptEinzelTermin: 0, rezeptGruppenTermin: 0, rezeptBefundTermin: 0 },
};

describe('callEndpoint for uploads', () => {
  it('builds the form from the declaration: the text fields, then the file under its declared field', async () => {
    const fetchMock = stubFetch({ 'POST /api/rezepte/upload': { body: REZEPT } });
    const file = new File(['%PDF-1.4'], 'rezept.pdf', { type: 'application/pdf' });
    await expect(
      callEndpoint(rezeptEndpoints.hochladen, { body: { description: 'Physiotherapie', encrypt: 'true', file } }),
    ).resolves.toEqual(REZEPT);
    expect(sentForm(fetchMock)).toEqual([
      ['description', 'Physiotherapie'],
      ['encrypt', 'true'],
      [rezeptEndpoints.hochladen.multipart.file.field, 'Datei rezept.pdf'],
    ]);
    // the browser sets the multipart boundary itself
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Content-Type')).toBe(false);
  });

  it('leaves out the text fields that are not given', async () => {
    const fetchMock = stubFetch({ 'POST /api/upload/profile/5': { body: true } });
    const file = new File(['png'], 'foto.png', { type: 'image/png' });
    await callEndpoint(profilEndpoints.profilbildHochladenFuer, { params: { userId: 5 }, body: { file } });
    expect(sentForm(fetchMock)).toEqual([[profilEndpoints.profilbildHochladenFuer.fileField, 'Datei foto.png']]);
  });

  it('sends an empty description as an empty field', async () => {
    const fetchMock = stubFetch({
      'POST /api/upload/datei': {
        body: { id: 3, fileName: 'bild.png', description: '', url: '/api/files/3-bild.png' },
      },
    });
    const file = new File(['png'], 'bild.png', { type: 'image/png' });
    await callEndpoint(dateiEndpoints.hochladen, { body: { description: '', encrypt: 'false', file } });
    expect(sentForm(fetchMock)).toEqual([
      ['description', ''],
      ['encrypt', 'false'],
      [dateiEndpoints.hochladen.fileField, 'Datei bild.png'],
    ]);
  });
});
