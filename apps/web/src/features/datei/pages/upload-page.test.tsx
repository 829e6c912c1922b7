import type { Datei } from '@dihs/contract/datei';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderWithApp, stubFetch, operatorSession } from '../../../test/render.tsx';
import { UploadPage } from './upload-page.tsx';

const OPERATOR = operatorSession('DATEIEN_HOCHLADEN');

const datei = (id: number, fileName: string): Datei => ({
  id,
  fileName,
  description: 'Blick in die Praxis',
  url: `/api/files/${id}-${fileName}`,
});

afterEach(() => vi.unstubAllGlobals());

describe('UploadPage', () => {
  it('names the uploaded files in the snackbar and marks their rows', async () => {
    const alt = datei(1, 'alt.pdf');
    const neu = [datei(2, 'praxis.png'), datei(3, 'flur.png')];
    let hochgeladen = 0;
    stubFetch({
      'GET /api/files/': () => ({ body: [alt, ...neu.slice(0, hochgeladen)] }),
      'POST /api/upload/datei': () => ({ body: neu[hochgeladen++] }),
    });
    renderWithApp(<UploadPage />, { path: '/betreiber/upload', session: fakeSession(OPERATOR) });
    await userEvent.click(await screen.findByRole('button', { name: 'Neue Datei hochladen' }));
    const dialog = screen.getByRole('dialog', { name: 'Datei hochladen' });
    const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
    await userEvent.upload(dialog.querySelector('input[type=file]')!, [png('praxis.png'), png('flur.png')]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hochladen' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      '2 Dateien wurden hochgeladen: „praxis.png“, „flur.png“.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Hochgeladene Dateien' });
    const row = async (name: string) => (await within(table).findByRole('cell', { name })).closest('tr')!;
    expect(await row('praxis.png')).toHaveAttribute('aria-description', 'Gerade gespeichert');
    expect(await row('flur.png')).toHaveAttribute('aria-description', 'Gerade gespeichert');
    expect(await row('alt.pdf')).not.toHaveAttribute('aria-description');
  });
});
