import type { Video } from '@dihs/contract/videothek';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderWithApp, stubFetch, operatorSession } from '../../../test/render.tsx';
import { VideosPage } from './videos-page.tsx';

const OPERATOR = operatorSession('VIDEOS_BEARBEITEN');

const video = (id: number, titel: string): Video => ({
  id,
  titel,
  kurzbeschreibung: `Über ${titel}`,
  vimeolink: `https://vimeo.com/${id}`,
  vimeobild: null,
  langtext: '',
  firmen: [],
  firmaVideo: false,
  datum: '2026-11-02T09:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

/** Puts a text into a field at once: typing it key by key tests nothing here and takes seconds. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

describe('VideosPage', () => {
  it('names a new video in the snackbar, clears a search that would hide it and marks it in the list', async () => {
    const neu = video(3, 'Haltung am Schreibtisch');
    let angelegt = false;
    const fetchMock = stubFetch({
      'GET /api/video/betreiber': () => ({ body: angelegt ? [video(1, 'Nacken'), neu] : [video(1, 'Nacken')] }),
      'GET /api/firma/allevideo': { body: [] },
      'POST /api/video/betreiber/create': () => {
        angelegt = true;
        return { body: neu };
      },
    });
    renderWithApp(<VideosPage />, { path: '/videos', session: fakeSession(OPERATOR) });
    await userEvent.type(await screen.findByLabelText('Videos durchsuchen'), 'Nacken');
    await userEvent.click(screen.getByRole('button', { name: 'Neues Video' }));
    const dialog = screen.getByRole('dialog', { name: 'Neues Video' });
    await fill(within(dialog).getByLabelText(/Titel/), neu.titel);
    await fill(within(dialog).getByLabelText(/Kurzbeschreibung/), neu.kurzbeschreibung);
    await fill(within(dialog).getByLabelText(/Vimeolink/), neu.vimeolink);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Video „Haltung am Schreibtisch“ wurde angelegt.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Videos durchsuchen')).toHaveValue('');
    const eintrag = await within(screen.getByRole('list', { name: 'Videos' })).findByRole('button', {
      name: /Haltung am Schreibtisch/,
    });
    expect(eintrag).toHaveAttribute('aria-description', 'Gerade gespeichert');
    expect(eintrag).toHaveClass('Mui-selected');
    expect(screen.getByRole('region', { name: 'Haltung am Schreibtisch' })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(call?.[1]?.body as string)).toMatchObject({ titel: neu.titel, firmen: [] });
  });

  it('names a changed video "gespeichert"', async () => {
    stubFetch({
      'GET /api/video/betreiber': { body: [video(1, 'Nacken')] },
      'GET /api/firma/allevideo': { body: [] },
      'POST /api/video/betreiber/save': { body: video(1, 'Nacken entspannen') },
    });
    renderWithApp(<VideosPage />, { path: '/videos', session: fakeSession(OPERATOR) });
    await userEvent.click(await screen.findByRole('button', { name: 'Bearbeiten' }));
    const dialog = screen.getByRole('dialog', { name: 'Video bearbeiten' });
    await fill(within(dialog).getByLabelText(/Titel/), ' entspannen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Video „Nacken entspannen“ wurde gespeichert.');
  });
});
