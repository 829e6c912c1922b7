import { privilegeCode } from '@dihs/contract/common/roles';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../test/render.tsx';
import { makeToken } from '../test/tokens.ts';
import { routes } from './router.tsx';

// jsdom has no Web Crypto or IndexedDB; the encryption itself is tested in lib/auth-storage.test.ts
const stored = await vi.hoisted(async () => (await import('../test/fake-token-storage.ts')).createFakeTokenStorage());
vi.mock('../lib/auth-storage.ts', () => ({ tokenStorage: () => stored }));

const NAVIGATION = [
  { id: 1, titel: 'FAQ', type: 'eintrag', urlDto: { urlType: 'SEITE', ziel: 'faq', statisch: true } },
];

beforeEach(() => {
  stored.token = null;
  stubFetch({
    'GET /api/navigation': { body: NAVIGATION },
    'GET /api/inhalt/agb': {
      body: { titel: 'Allgemeine Geschäftsbedingungen', bild: null, inhalt: '<p>§ 1 Geltung</p>', statischeUrl: true },
    },
    'GET /api/inhalt/geheim': { status: 403, body: { message: 'Keine Berechtigung' } },
  });
});
afterEach(() => vi.unstubAllGlobals());

const operator = (privileges: number[]) =>
  makeToken({ sub: 'betreiber@demo.de', role: 'BETREIBER', privileges, userId: 1 });

describe('app routes', () => {
  it('frames every page with header, main and footer', async () => {
    renderRoutes(routes, { path: '/' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Startseite' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Registrieren' })).toHaveAttribute('href', '/registrieren');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    // the start page comes with the entry, the menu bar loads on demand: on a busy machine its first import in a
    // test run can outlast findBy's default second
    expect(await screen.findByRole('link', { name: 'FAQ' }, { timeout: 10_000 })).toHaveAttribute('href', '/faq');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  // every route of the table is built now; this one shows an operator page with its title in the shell
  it('shows an operator route with its title', async () => {
    stored.token = operator([privilegeCode('DATEIEN_HOCHLADEN')]);
    renderRoutes(routes, { path: '/betreiber/upload' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dateien hochladen' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Dateien hochladen | DiHS Teletherapie'));
    expect(screen.getByRole('button', { name: 'Betreiber' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('redirects a visitor of a protected route to the start page', async () => {
    const { router } = renderRoutes(routes, { path: '/betreiber/upload' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends unknown paths to /error/404', async () => {
    const { router } = renderRoutes(routes, { path: '/gibt/es/nicht' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error/404');
    // the ways on (issue 32 item 9): the start page of a visitor, the contact, the menu's pages
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Kontakt aufnehmen' })).toHaveAttribute('href', '/kontakt');
    const menu = screen.getByRole('navigation', { name: 'Seiten im Menü' });
    expect(await within(menu).findByRole('link', { name: 'FAQ' }, { timeout: 10_000 })).toHaveAttribute('href', '/faq');
  });

  it('renders a static content page from the server', async () => {
    renderRoutes(routes, { path: '/agb' });
    const main = await screen.findByRole('main');
    expect(
      await within(main).findByRole('heading', { level: 1, name: 'Allgemeine Geschäftsbedingungen' }),
    ).toBeInTheDocument();
    expect(within(main).getByText('§ 1 Geltung')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Allgemeine Geschäftsbedingungen | DiHS Teletherapie'));
  });

  it('turns a refused content page into the error page', async () => {
    const { router } = renderRoutes(routes, { path: '/inhalt/geheim' });
    expect(await screen.findByRole('heading', { name: 'Fehlende Berechtigung' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error/403');
  });

  it('logs in with the bearer of the app-mode route and hides header and footer', async () => {
    const bearer = makeToken({ role: 'PATIENT' });
    renderRoutes(routes, { path: `/video/therapie/app/patient/12/${bearer}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Videositzung' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(stored.token).toBe(bearer);
  });

  it('opens the login dialog from the ?login parameter', async () => {
    renderRoutes(routes, { path: '/?login' });
    expect(await screen.findByRole('dialog', { name: 'Login' })).toBeInTheDocument();
  });
});
