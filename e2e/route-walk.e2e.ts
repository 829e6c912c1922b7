import { createHash, randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { authEndpoints } from '@dihs/contract/auth';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { MESSAGES } from '@dihs/contract/common/messages';
import { guthabenEndpoints } from '@dihs/contract/guthaben';
import {
  checkGuard,
  fillPath,
  ROUTES,
  STATIC_PAGE_URLS,
  staticPagePath,
  type AppRoute,
  type GuardSession,
  type RouteKey,
} from '@dihs/contract/common/routes';
import type { APIRequestContext, Page } from '@playwright/test';
import { baseUrl, createAccount, DEMO_PASSWORD, expect, login, sql, test } from './support/fixtures.ts';
import { bookIntoCare, newPatient, uniqueBefund } from './support/termin-helpers.ts';
import { settled } from './support/settled.ts';
import { scaled } from './support/slowness.ts';

/**
 * Issue 15, "no dead ends", and issue 32 item 12: every route of the spec's table (spec 1, section 2.1) that a role
 * may open shows a real screen (its main heading, never "Funktion nicht verfügbar"), at a laptop's and a phone's
 * width, with no serious or critical axe finding (axe's default rules: WCAG 2.0, 2.1 and 2.2 A and AA, and its best
 * practices), nothing wider than the screen, no console error and no request to another origin.
 * Parameterised routes get records the role may see, made here, so the screen shows content and not a refusal.
 * One test per role and width, so the workers walk them side by side; the video pages open the fake
 * camera every app test's browser has (playwright.config.ts).
 */
test.describe.configure({ timeout: scaled(240_000) });

const THERAPIST = 'therapeut@demo.de';

type Params = Record<string, string | number>;

/** The viewer as the guards see it, read from the account: the walk follows the guards for any privilege set. */
async function guardSession(email: string): Promise<GuardSession> {
  const { rows } = await sql('select rolle, privileges from benutzer where email = $1', [email]);
  const row = rows[0] as { rolle: GuardSession['role']; privileges: number[] };
  return { role: row.rolle, privileges: row.privileges };
}

/** A session token of its own, for API calls and the app-mode route's address. */
async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post(apiUrl(authEndpoints.anmelden), {
    data: { email, password: DEMO_PASSWORD, secondFactorCode: '' },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** A one-time code of a fresh account, stored the way the codes module stores it (its SHA-256 in hex). */
async function oneTimeCode(purpose: 'EMAIL_BESTAETIGEN' | 'EMAIL_AENDERN' | 'PASSWORT_RESET'): Promise<string> {
  const email = await createAccount('PATIENT');
  if (purpose === 'EMAIL_BESTAETIGEN')
    await sql('update benutzer set email_confirmed = false where email = $1', [email]);
  const code = randomBytes(32).toString('base64url');
  await sql(
    `insert into einmal_code (user_id, zweck, code_hash, neue_email, gueltig_bis)
     values ((select id from benutzer where email = $1), $2, $3, $4, now() + interval '1 day')`,
    [
      email,
      purpose,
      createHash('sha256').update(code).digest('hex'),
      purpose === 'EMAIL_AENDERN' ? `neu-${email}` : null,
    ],
  );
  return code;
}

type Overrides = Partial<Record<RouteKey, Params>>;

/** The code routes' codes: each is used up when its page opens, so every walk makes its own. */
async function codeRoutes(): Promise<Overrides> {
  return {
    emailBestaetigen: { code: await oneTimeCode('EMAIL_BESTAETIGEN') },
    emailReset: { code: await oneTimeCode('EMAIL_AENDERN') },
    passwortReset: { code: await oneTimeCode('PASSWORT_RESET') },
  };
}

interface World {
  patient: { email: string; id: number; name: string };
  therapist: { id: number; name: string };
  /** An appointment of the therapist, booked by the patient, inside its session window; shown by its Befund. */
  termin: { id: number; befund: string };
  /** The patient's credit order and its payment (placed through the API as the shop does). */
  buchungId: number;
  zahlungId: number;
}

/** A patient in the demo therapist's care, with a booked appointment about to start and a credit order. */
async function world(request: APIRequestContext): Promise<World> {
  const [vorname, nachname] = ['Wanda', `Rundgang${process.pid}`];
  const patient = { ...(await newPatient(vorname, nachname)), name: `${vorname} ${nachname}` };
  const { rows: therapists } = await sql(
    `select b.id, p.vorname || ' ' || p.nachname as name from benutzer b join profil p on p.user_id = b.id
     where b.email = $1`,
    [THERAPIST],
  );
  const therapist = therapists[0] as World['therapist'];
  await bookIntoCare(therapist.id, patient.id);
  const befund = uniqueBefund('Rundgang');
  const { rows: termine } = await sql(
    `insert into termin (datum, dauer, termintyp, befund, details, therapeut_user_id, max_teilnehmer,
       anzahl_teilnehmer, status)
     values (now() + interval '5 minutes', 60, 'EINZEL', $1, 'Rundgang', $2, 1, 1, 'AKTIV') returning id`,
    [befund, therapist.id],
  );
  const termin = { id: (termine[0] as { id: number }).id, befund };
  await sql(
    `insert into termin_teilnahme (termin_id, patient_user_id, status, zahlungsart) values ($1, $2, 'GEBUCHT', 'GUTHABEN')`,
    [termin.id, patient.id],
  );
  const token = await apiToken(request, patient.email);
  const { rows: angebote } = await sql('select id from guthaben_angebot where buchbar order by id limit 1');
  const offerId = (angebote[0] as { id: number }).id;
  const order = await request.get(apiUrl(guthabenEndpoints.bestellen, { params: { offerId } }), {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(order.ok()).toBe(true);
  const { rows: buchungen } = await sql(
    'select id, zahlung_id from guthaben_bestellung where patient_user_id = $1 order by id desc limit 1',
    [patient.id],
  );
  const buchung = buchungen[0] as { id: number; zahlung_id: number };
  return { patient, therapist, termin, buchungId: buchung.id, zahlungId: buchung.zahlung_id };
}

/** The parameters by name: the demo content page, an error page and the world's records. */
const common = (w: World): Params => ({
  url: 'faq',
  errorId: 404,
  therapeut: w.therapist.id,
  target: w.termin.id,
  conferenceId: w.termin.id,
  patient: w.patient.id,
  patientId: w.patient.id,
  id: w.buchungId,
});

/** What a route's screen shows of the records in its address, so a refusal or an empty page cannot pass. */
type Shows = Partial<Record<RouteKey, string>>;

interface Stop {
  path: string;
  shows?: string;
  /**
   * The record in the address cannot be the viewer's (a therapist never pays): the page's German answer to that.
   * The server's 403 or 404 behind it is the designed outcome, so Chromium's console line about it is no finding.
   */
  unknown?: string;
}

/**
 * The routes the viewer may open, with their parameters filled: `params` by name, `overrides` for one route where
 * names clash (the payment's id is not the credit booking's). fillPath throws on a parameter not given.
 */
function routesFor(
  session: GuardSession | null,
  params: Params,
  overrides: Overrides,
  shows: Shows = {},
  unknown: Shows = {},
): Stop[] {
  return (Object.entries(ROUTES) as [RouteKey, AppRoute][])
    .filter(([, route]) => 'allowed' in checkGuard(route.guard, session))
    .map(([key, route]) => ({
      path: fillPath(route.path, { ...params, ...overrides[key] }),
      shows: shows[key],
      unknown: unknown[key],
    }));
}

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });
/** A spinner still turning: MUI's indeterminate progress has no value (one beside a status text is aria-hidden). */
const spinner = (page: Page) => page.locator('[role="progressbar"]:not([aria-valuenow]):not([aria-hidden="true"])');

/** Chromium's console line for an answer of 403 or 404: at a stop with an `unknown` record, the page's own answer. */
const REFUSED_RESOURCE = /^Failed to load resource: the server responded with a status of 40[34] /;

/**
 * What the page does behind the screen, per stop: console errors, uncaught errors and requests to another origin
 * (a font, a script or a tracker from elsewhere would tell a third party who opens which health page).
 */
function watchPage(page: Page, findings: string[], current: () => Stop): void {
  const own = new URL(baseUrl()).origin;
  const stop = () => current().path;
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (current().unknown && REFUSED_RESOURCE.test(message.text())) return;
    findings.push(`${stop()}: Konsolenfehler ${message.text()}`);
  });
  page.on('pageerror', (error) => findings.push(`${stop()}: Seitenfehler ${error.message}`));
  const foreign = (url: string) => {
    const { protocol, origin } = new URL(url);
    if (/^(https?|wss?):$/.test(protocol) && origin.replace(/^ws/, 'http') !== own)
      findings.push(`${stop()}: Anfrage an fremde Adresse ${url}`);
  };
  page.on('request', (request) => foreign(request.url()));
  page.on('websocket', (socket) => foreign(socket.url()));
}

/**
 * The elements that stick out of the page to the right, outermost first: a wide table or a long word that makes the
 * whole page scroll sideways on a phone. Elements inside a container that scrolls or clips are the container's.
 */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= limit) return [];
    const sticksOut = (element: Element) => element.getBoundingClientRect().right > limit + 1;
    const clips = (element: Element) => /(auto|scroll|hidden|clip)/.test(getComputedStyle(element).overflowX);
    const named = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
      return `<${element.tagName.toLowerCase()}${id}> „${label}“`;
    };
    const found: string[] = [];
    const visit = (element: Element) => {
      for (const child of Array.from(element.children)) {
        if (sticksOut(child)) {
          found.push(named(child));
          continue;
        }
        if (!clips(child)) visit(child);
      }
    };
    visit(document.body);
    return found.length ? found.slice(0, 5) : [`die Seite ist ${document.documentElement.scrollWidth} px breit`];
  });
}

/**
 * Opens a route: the role's first by loading the app there, the others as the app's own links do (the router follows
 * the address without loading the app again; a full load per route made the walk's time). A route that reads its
 * address only when the app starts (the video app mode with its token) is loaded.
 */
async function open(page: Page, path: string, load: boolean): Promise<void> {
  if (load || STARTS_FROM_ADDRESS.test(path)) {
    await page.goto(path);
    await page.addStyleTag({ content: NO_TRANSITIONS });
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
const STARTS_FROM_ADDRESS = /^\/video\/therapie\/app\//;
/**
 * Colours change at once during the walk: a button that a page enables a few render passes after its data arrived
 * fades into its colours (MUI's 250 ms transition), and axe measured it halfway (a contrast finding on retry-passing
 * runs). The walk checks the colours the page settles on; the screen tests keep the transitions (settled()).
 */
const NO_TRANSITIONS = '*, *::before, *::after { transition: none !important; }';

/**
 * Opens each route and collects what is wrong: no heading, a placeholder, a spinner that never ends, missing
 * content, serious and critical axe findings, a page wider than the screen, a console error or a request to another
 * origin (listed with the route, so one run names every screen to fix).
 */
async function walk(page: Page, stops: Stop[]): Promise<void> {
  const findings: string[] = [];
  let current: Stop = { path: '(Anmeldung)' };
  watchPage(page, findings, () => current);
  let first = true;
  for (const stop of stops) {
    const { path, shows, unknown } = stop;
    current = stop;
    await open(page, path, first);
    await expect.soft(heading(page), `${path} zeigt eine Seite`).toBeVisible();
    await expect.soft(spinner(page), `${path} lädt zu Ende`).toHaveCount(0);
    if (shows) await expect.soft(page.getByRole('main'), `${path} zeigt den Datensatz`).toContainText(shows);
    if (unknown)
      await expect.soft(page.getByRole('main'), `${path} sagt, dass es ihn nicht gibt`).toContainText(unknown);
    await expect.soft(page.getByText(MESSAGES.funktionNichtVerfuegbar), `${path} ist kein Platzhalter`).toHaveCount(0);
    // no guard's redirect and no error page (a missing record sends a screen to /error/404)
    expect.soft(new URL(page.url()).pathname, `${path} bleibt die Adresse`).toBe(path);
    // the shell (top bar, menus, footer, cookie notice) is the same on every route of a role: the first stop scans
    // the whole page, the others their own screen. Legacy mode runs axe inside the page: the default opens a blank
    // tab per scan to merge frame results, which the app's same-origin pages do not need (half the scan time).
    await settled(page);
    for (const element of await overflow(page)) findings.push(`${path}: ragt über den Rand: ${element}`);
    const builder = new AxeBuilder({ page }).setLegacyMode();
    const axe = await (first ? builder : builder.include('main')).analyze();
    first = false;
    for (const violation of axe.violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      findings.push(`${path}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
    }
  }
  expect(findings).toEqual([]);
}

/** The two widths of issue 32 item 12: a laptop and a phone (each loads the app at its width, as a person does). */
const WIDTHS = [
  { name: 'Bildschirm', viewport: { width: 1280, height: 800 } },
  { name: 'Telefon', viewport: { width: 390, height: 844 } },
] as const;

/** Logs in and walks the role's routes with the world's records. */
async function walkAs(
  page: Page,
  email: string,
  w: World,
  params: Params,
  shows: Shows,
  unknown: Shows = {},
): Promise<void> {
  const overrides: Overrides = { ...(await codeRoutes()), payment: { id: w.zahlungId } };
  await login(page, email, { via: 'api' });
  await walk(page, routesFor(await guardSession(email), { ...common(w), ...params }, overrides, shows, unknown));
}

/** The patient's records as the therapist and the operator see them. */
const patientShows = (w: World): Shows => ({
  nutzerProfil: w.patient.name,
  frageboegen: w.patient.name,
  trainingsplan: w.patient.name,
  trainingsplanBetreiber: w.patient.name,
  rezeptePatient: w.patient.name,
  betreiberTerminePatient: w.patient.name,
});

/** The patient's walk: the therapists' profiles, and the app-mode session with the patient's token in its address. */
async function walkAsPatient(page: Page, request: APIRequestContext, w: World): Promise<void> {
  await walkAs(
    page,
    w.patient.email,
    w,
    { userId: w.therapist.id, bearer: await apiToken(request, w.patient.email) },
    {
      nutzerProfil: w.therapist.name,
      frageboegen: w.patient.name,
      patientTermineTherapeut: w.therapist.name,
      videosessionPatient: w.termin.befund,
      videosessionApp: w.termin.befund,
      guthabenBuchung: 'IHRE BUCHUNG VOM TYP',
      payment: `Zahlungsnummer${w.zahlungId}`,
    },
  );
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`${name} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('a visitor opens every public route and every static content page', async ({ page }) => {
      // without a session the payment page asks to log in: any id shows that
      const routes = routesFor(null, { url: 'faq', errorId: 404, id: 1 }, await codeRoutes());
      await walk(page, [...routes, ...STATIC_PAGE_URLS.map((url) => ({ path: staticPagePath(url) }))]);
    });

    test('a patient opens every route of the role', async ({ page, request }) => {
      await walkAsPatient(page, request, await world(request));
    });

    test('a patient of a company opens every route of the role', async ({ page, request }) => {
      // the employer's patient sees the company's logo, its credit and the booking paid by the employer
      const w = await world(request);
      await sql(
        `update benutzer set firma_id = (select firma_id from benutzer where email = 'firmenpatient@demo.de')
         where id = $1`,
        [w.patient.id],
      );
      await walkAsPatient(page, request, w);
    });

    test('a therapist with every privilege opens every route of the role', async ({ page, request }) => {
      const w = await world(request);
      await walkAs(
        page,
        THERAPIST,
        w,
        { userId: w.patient.id },
        { ...patientShows(w), therapeutTermineZiel: w.termin.befund, videosessionTherapeut: w.termin.befund },
        // a therapist pays nothing and buys no credit: the patient's payment and booking are unknown to it
        { payment: 'Dieser Bezahlvorgang ist unbekannt.', guthabenBuchung: 'Unbekannte Buchung...' },
      );
    });

    test('the demo operator with every privilege opens every route of the role', async ({ page, request }) => {
      const w = await world(request);
      await walkAs(
        page,
        'betreiber@demo.de',
        w,
        { userId: w.patient.id },
        { ...patientShows(w), payment: `Zahlungsnummer${w.zahlungId}` },
        // credit bookings are the patient's own page (the operator changes credit on the patient's profile)
        { guthabenBuchung: 'Unbekannte Buchung...' },
      );
    });
  });
}
