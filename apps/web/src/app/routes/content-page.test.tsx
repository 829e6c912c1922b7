import { privilegeCode, roleCode } from '@dihs/contract/common/roles';
import { FEEDBACK_TEXTS } from '@dihs/contract/feedback';
import { INHALT_TEXTS, type PageContent, type PageMeta } from '@dihs/contract/inhalt';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../lib/session.ts';
import { fakeSession, renderWithApp, stubFetch } from '../../test/render.tsx';
import { ContentPage } from './content-page.tsx';

const EDITOR: Session = {
  sub: 'betreiber@demo.de',
  role: 'BETREIBER',
  privileges: [privilegeCode('NAVIGATION_EDITIEREN')],
  userId: 1,
  exp: 2_000_000_000,
};
const PATIENT: Session = { sub: 'patient@demo.de', role: 'PATIENT', privileges: [], userId: 5, exp: 2_000_000_000 };

const KONTAKT: PageContent = { titel: 'Kontakt', bild: null, inhalt: '<p>Rufen Sie an.</p>', statischeUrl: true };
const AKTION: PageContent = { titel: 'Sommeraktion', bild: null, inhalt: '<p>Alt</p>', statischeUrl: false };
const META: PageMeta = { berechtigte: [], aktiv: true, oeffentlich: true, firmaId: null, berechtigteRollen: [] };
const AUTHORITY = {
  BETREIBER: [1, 2, 3],
  THERAPEUT: [privilegeCode('UEBUNGEN_VERWALTEN_THERAPEUT'), privilegeCode('TRAININGSPLAN_VORLAGEN_VERWALTEN')],
  PATIENT: [privilegeCode('STATISTIK_SCHREIBEN')],
  privileges: Array.from({ length: 19 }, (_, code) => code),
};

afterEach(() => vi.unstubAllGlobals());

beforeAll(() => {
  // jsdom lays nothing out; ProseMirror asks a range for its rectangles when it scrolls the selection into view
  const empty = { length: 0, item: () => null, [Symbol.iterator]: function* () {} };
  Object.assign(Range.prototype, {
    getClientRects: () => empty as unknown as DOMRectList,
    getBoundingClientRect: () => new DOMRect(),
  });
});

const bodyOf = (fetchMock: ReturnType<typeof stubFetch>, key: string): unknown => {
  const call = fetchMock.mock.calls.find(([url, init]) => `${init?.method ?? 'GET'} ${url as string}` === key);
  return JSON.parse(call?.[1]?.body as string);
};

describe('ContentPage', { timeout: 20_000 }, () => {
  it('shows no edit button to visitors and patients', async () => {
    stubFetch({ 'GET /api/inhalt/sommeraktion': { body: AKTION } });
    renderWithApp(<ContentPage url="sommeraktion" />, { path: '/inhalt/sommeraktion', session: fakeSession(PATIENT) });
    expect(await screen.findByRole('heading', { name: 'Sommeraktion' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bearbeiten' })).not.toBeInTheDocument();
  });

  it('lets an editor edit every field of a content page; a role change clears the privileges', async () => {
    const fetchMock = stubFetch({
      'GET /api/inhalt/sommeraktion': { body: AKTION },
      'GET /api/inhalt/sommeraktion/edit': {
        body: { ...META, berechtigte: [privilegeCode('STATISTIK_LESEN')] },
      },
      'GET /api/authority': { body: AUTHORITY },
      'GET /api/firma/alle/terminEditieren': { body: [{ id: 3, bezeichner: 'Demo GmbH' }] },
      'POST /api/inhalt/sommeraktion/edit': { body: { ...AKTION, titel: 'Sommerkurs', url: 'sommeraktion' } },
    });
    renderWithApp(<ContentPage url="sommeraktion" />, { path: '/inhalt/sommeraktion', session: fakeSession(EDITOR) });
    await userEvent.click(await screen.findByRole('button', { name: 'Bearbeiten' }));
    const form = await screen.findByRole('form', { name: 'Seite bearbeiten' });

    const title = within(form).getByLabelText(/Titel/);
    await userEvent.clear(title);
    expect(within(form).getByText(INHALT_TEXTS.titelLeer)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Speichern' })).toBeDisabled();
    await userEvent.type(title, 'Sommerkurs');
    await userEvent.click(within(form).getByLabelText('Aktiv'));

    await userEvent.click(within(form).getByRole('combobox', { name: 'Firma' }));
    const firmen = screen.getByRole('listbox');
    expect(
      within(firmen)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Keine Firma', 'Demo GmbH']);
    await userEvent.click(within(firmen).getByRole('option', { name: 'Demo GmbH' }));

    expect(within(form).getByRole('combobox', { name: 'Berechtigte Rechte' })).toHaveTextContent('Statistik lesen');
    await userEvent.click(within(form).getByRole('combobox', { name: 'Berechtigte Rollen' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Therapeut' }));
    await userEvent.keyboard('{Escape}');
    // the privileges start anew, and those of therapists are not offered any more
    expect(within(form).getByRole('combobox', { name: 'Berechtigte Rechte' })).not.toHaveTextContent('Statistik lesen');
    await userEvent.click(within(form).getByRole('combobox', { name: 'Berechtigte Rechte' }));
    const rechte = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(rechte).not.toContain('Übungen verwalten (Therapeut)');
    expect(rechte).toContain('Statistik lesen');
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Statistik lesen' }));
    await userEvent.keyboard('{Escape}');

    // the link dialog's own form must not submit the page form around the editor
    await userEvent.click(within(form).getByRole('button', { name: 'Link' }));
    const linkDialog = screen.getByRole('dialog', { name: 'Link' });
    await userEvent.type(within(linkDialog).getByLabelText('Adresse'), 'javascript:alert(1)');
    expect(within(linkDialog).getByRole('button', { name: 'Übernehmen' })).toBeDisabled();
    await userEvent.clear(within(linkDialog).getByLabelText('Adresse'));
    await userEvent.type(within(linkDialog).getByLabelText('Adresse'), '/impressum');
    await userEvent.click(within(linkDialog).getByRole('button', { name: 'Übernehmen' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await userEvent.click(within(form).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('button', { name: 'Bearbeiten' })).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/inhalt/sommeraktion/edit')).toEqual({
      titel: 'Sommerkurs',
      bild: null,
      inhalt: '<p>Alt</p>',
      url: 'sommeraktion',
      aktiv: false,
      oeffentlich: true,
      firmaId: 3,
      berechtigteRollen: [roleCode('THERAPEUT')],
      berechtigte: [privilegeCode('STATISTIK_LESEN')],
    });
  });

  it('offers a static page only title, image and content, and hides the feedback form while editing', async () => {
    stubFetch({
      'GET /api/inhalt/kontakt': { body: KONTAKT },
      'GET /api/inhalt/kontakt/edit': { body: META },
      'GET /api/authority': { body: AUTHORITY },
    });
    renderWithApp(<ContentPage url="kontakt" />, { path: '/kontakt', session: fakeSession(EDITOR) });
    await userEvent.click(await screen.findByRole('button', { name: 'Bearbeiten' }));
    const form = await screen.findByRole('form', { name: 'Seite bearbeiten' });
    expect(within(form).getByLabelText(/Titel/)).toHaveValue('Kontakt');
    expect(within(form).getByLabelText('Bild')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Inhalt' })).toBeInTheDocument();
    for (const absent of ['Url', 'Aktiv', 'Firma', 'Berechtigte Rollen', 'Berechtigte Rechte']) {
      expect(within(form).queryByLabelText(new RegExp(`^${absent}`))).not.toBeInTheDocument();
    }
    // no feedback form while editing
    expect(screen.queryByRole('form', { name: 'Feedback' })).not.toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Abbrechen' }));
    expect(await screen.findByRole('form', { name: 'Feedback' })).toBeInTheDocument();
  });

  it('offers only "Keine Firma" when the companies cannot be loaded', async () => {
    stubFetch({
      'GET /api/inhalt/sommeraktion': { body: AKTION },
      'GET /api/inhalt/sommeraktion/edit': { body: META },
      'GET /api/authority': { body: AUTHORITY },
      'GET /api/firma/alle/terminEditieren': { status: 500, body: { message: 'kaputt' } },
    });
    renderWithApp(<ContentPage url="sommeraktion" />, { path: '/inhalt/sommeraktion', session: fakeSession(EDITOR) });
    await userEvent.click(await screen.findByRole('button', { name: 'Bearbeiten' }));
    const form = await screen.findByRole('form', { name: 'Seite bearbeiten' });
    expect(within(form).getByText('Die Firmen konnten nicht geladen werden.')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('combobox', { name: 'Firma' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Keine Firma']);
  });
});

describe('feedback form on /kontakt', { timeout: 20_000 }, () => {
  it('is disabled while invalid, sends e-mail and feedback, and says so', async () => {
    const fetchMock = stubFetch({
      'GET /api/inhalt/kontakt': { body: KONTAKT },
      'POST /api/feedback': { body: true },
    });
    renderWithApp(<ContentPage url="kontakt" />, { path: '/kontakt' });
    const form = await screen.findByRole('form', { name: 'Feedback' });
    const submit = within(form).getByRole('button', { name: 'Feedback senden' });
    expect(submit).toBeDisabled();

    await userEvent.type(within(form).getByLabelText('E-Mail'), 'kein-at');
    expect(within(form).getByText('E-Mail ist nicht valide.')).toBeInTheDocument();
    expect(within(form).getByText('7/100')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText(/Feedback/), 'Sehr gut');
    expect(submit).toBeDisabled();
    await userEvent.clear(within(form).getByLabelText('E-Mail'));
    expect(submit).toBeEnabled();
    await userEvent.type(within(form).getByLabelText('E-Mail'), 'anna@example.de');

    await userEvent.click(submit);
    expect(await within(form).findByText(FEEDBACK_TEXTS.erfolg)).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/feedback')).toEqual({ email: 'anna@example.de', feedback: 'Sehr gut' });
    expect(within(form).getByLabelText(/Feedback/)).toHaveValue('');
  });

  it('says when the feedback could not be sent', async () => {
    stubFetch({
      'GET /api/inhalt/kontakt': { body: KONTAKT },
      'POST /api/feedback': { status: 429, body: { message: 'Zu viele Anfragen.' } },
    });
    renderWithApp(<ContentPage url="kontakt" />, { path: '/kontakt' });
    const form = await screen.findByRole('form', { name: 'Feedback' });
    await userEvent.type(within(form).getByLabelText(/Feedback/), 'Hallo');
    await userEvent.click(within(form).getByRole('button', { name: 'Feedback senden' }));
    await waitFor(() => expect(within(form).getByText(FEEDBACK_TEXTS.fehler)).toBeInTheDocument());
  });

  it('is shown on /kontakt only', async () => {
    stubFetch({ 'GET /api/inhalt/agb': { body: { ...KONTAKT, titel: 'AGB' } } });
    renderWithApp(<ContentPage url="agb" />, { path: '/agb' });
    expect(await screen.findByRole('heading', { name: 'AGB' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Feedback' })).not.toBeInTheDocument();
  });
});
