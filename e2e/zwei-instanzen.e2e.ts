import { MESSAGES } from '@dihs/contract/common/messages';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { authEndpoints } from '@dihs/contract/auth';
import { cartEndpoints } from '@dihs/contract/cart';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { startCluster, type Cluster } from '../scripts/cluster.mjs';
import { DEMO_PASSWORD, createAccount, expect, login, sql, test } from './support/fixtures.ts';
import { grantCredit, newPatient } from './support/termin-helpers.ts';
import {
  expectReceiving,
  loggedIn,
  patientJoins,
  raiseHandThenEndForAll,
  sessionTermin,
  therapistPath,
  useVideoBrowser,
} from './support/video.ts';
import { scaled } from './support/slowness.ts';

/**
 * The platform on two server instances behind nginx with round-robin (issue 17 point 3): one database and one
 * Redis, every request of these tests through the proxy unless it asks one instance on purpose. The instances use
 * the run's database and mail catcher (global-setup) with a Redis prefix of their own.
 */
useVideoBrowser(120_000);
test.describe.configure({ mode: 'serial' });

/** Logins per account and minute on these instances (the default): five dialog attempts of two requests each fit. */
const ACCOUNT_LIMIT = 10;

let cluster: Cluster;

test.beforeAll(async ({}, testInfo) => {
  // two servers start one after the other (the first migrates) under the load of the other workers
  testInfo.setTimeout(scaled(120_000));
  const run = JSON.parse(process.env.E2E_SERVER_ENV ?? '{}') as Record<string, string>;
  const pick = (...names: string[]) => Object.fromEntries(names.map((name) => [name, run[name] ?? '']));
  cluster = await startCluster({
    databaseUrl: process.env.E2E_DATABASE_URL,
    env: {
      ...pick(
        'NODE_ENV',
        'JWT_SECRET',
        'LOG_LEVEL',
        'SMTP_URL',
        'REQUIRE_2FA_ROLES',
        'OEMBED_URL',
        'LOGIN_RATE_LIMIT_IP',
      ),
      // the health documents' key derives from JWT_SECRET in tests, as on the run's own server
      FILE_MASTER_KEY: '',
      LOGIN_RATE_LIMIT_ACCOUNT: String(ACCOUNT_LIMIT),
      REMINDER_INTERVAL_SECONDS: '1',
      CART_EXPIRY_INTERVAL_SECONDS: '1',
    },
  });
});

test.afterAll(async () => {
  await cluster?.stop();
});

/** The instance (host:port) nginx names in X-Upstream. */
const upstreamOf = (headers: Record<string, string>): string => headers['x-upstream'] ?? '';
const instanceAddresses = () => cluster.instances.map((instance) => `127.0.0.1:${instance.port}`).sort();

async function apiLogin(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post(`${cluster.url}${apiUrl(authEndpoints.anmelden)}`, {
    data: { email, password: DEMO_PASSWORD, secondFactorCode: '' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return `Bearer ${((await response.json()) as { token: string }).token}`;
}

/**
 * The address of the instance that served the page's latest /ws socket, from the handshake's X-Upstream; `forget`
 * clears it before the page opens a new one.
 */
async function watchSocketUpstream(page: Page): Promise<{ latest: () => string | undefined; forget: () => void }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let latest: string | undefined;
  cdp.on('Network.webSocketHandshakeResponseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    latest = upstreamOf(headers);
  });
  return {
    latest: () => latest,
    forget: () => {
      latest = undefined;
    },
  };
}

test('login through the proxy: the page and the API come from both instances', async ({ browser }) => {
  const email = await createAccount('PATIENT');
  const context = await browser.newContext({ baseURL: cluster.url, locale: 'de-DE' });
  const page = await context.newPage();
  const upstreams = new Set<string>();
  page.on('response', (response) => upstreams.add(upstreamOf(response.headers())));
  await page.goto('/');
  await login(page, email);
  await expect(page).toHaveURL('/cockpit');
  await expect(page.getByRole('heading', { level: 1, name: 'Cockpit' })).toBeVisible();
  expect([...upstreams].filter(Boolean).sort()).toEqual(instanceAddresses());
  await context.close();
});

/** A group appointment of the demo therapist in three days with this many seats; answers its id. */
async function groupTermin(befund: string, seats: number): Promise<number> {
  const { rows } = await sql(
    `insert into termin (datum, dauer, termintyp, befund, details, therapeut_user_id, max_teilnehmer, status)
     select now() + interval '3 days', 30, 'GRUPPE', $1, 'E2E-Termin', id, $2, 'AKTIV'
     from benutzer where email = 'therapeut@demo.de' returning id`,
    [befund, seats],
  );
  return (rows[0] as { id: number }).id;
}

/** The credit both booking tests pay with: one group appointment per patient. */
const CREDIT_KIND = 'bezahltGruppenTermin';

/** A new patient with one credit of CREDIT_KIND. */
async function patientWithCredit(vorname: string, k: number): Promise<{ email: string; id: number }> {
  const patient = await newPatient(vorname, `Instanzen ${k}`);
  await grantCredit(patient.id, CREDIT_KIND, 1);
  return patient;
}

test('concurrent bookings of the last seats through both instances never overbook', async ({ request }) => {
  const SEATS = 3;
  const PATIENTS = 10;
  const terminId = await groupTermin('Zwei Instanzen', SEATS);
  const tokens: string[] = [];
  for (let k = 0; k < PATIENTS; k++) {
    const patient = await patientWithCredit('Zwei', k);
    tokens.push(await apiLogin(request, patient.email));
  }
  const upstreams = new Set<string>();
  const book = async (authorization: string): Promise<boolean> => {
    const created = await request.post(`${cluster.url}${apiUrl(cartEndpoints.anlegen)}`, {
      headers: { authorization },
      data: [{ id: terminId }],
    });
    upstreams.add(upstreamOf(created.headers()));
    if (created.status() !== 200) {
      expect(created.status(), await created.text()).toBe(409);
      return false;
    }
    const { cartId } = (await created.json()) as { cartId: number };
    const confirmed = await request.post(`${cluster.url}${apiUrl(cartEndpoints.bestaetigen, { params: { cartId } })}`, {
      headers: { authorization },
    });
    upstreams.add(upstreamOf(confirmed.headers()));
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    expect(((await confirmed.json()) as { status: string }).status).toBe('BEZAHLT');
    return true;
  };
  const booked = (await Promise.all(tokens.map(book))).filter(Boolean).length;
  expect(booked).toBe(SEATS);
  expect([...upstreams].sort()).toEqual(instanceAddresses());
  const seats = await sql(
    `select count(*)::int as n from termin_teilnahme where termin_id = $1 and status <> 'STORNIERT'`,
    [terminId],
  );
  expect((seats.rows[0] as { n: number }).n).toBe(SEATS);
  const counter = await sql('select anzahl_teilnehmer from termin where id = $1', [terminId]);
  expect((counter.rows[0] as { anzahl_teilnehmer: number }).anzahl_teilnehmer).toBe(SEATS);
});

test('a logout through the proxy ends the session on both instances', async ({ request }) => {
  const email = await createAccount('PATIENT');
  const authorization = await apiLogin(request, email);
  const authority = apiUrl(authEndpoints.berechtigungen);
  const statusAt = async (base: string) =>
    (await request.get(`${base}${authority}`, { headers: { authorization } })).status();
  for (const instance of cluster.instances) expect(await statusAt(instance.url)).toBe(200);
  const logout = await request.post(`${cluster.url}${apiUrl(authEndpoints.abmelden)}`, { headers: { authorization } });
  expect(logout.status()).toBe(200);
  // the instance that served the logout refuses at once, the other one as soon as the Redis event arrived
  for (const instance of cluster.instances) await expect.poll(() => statusAt(instance.url)).toBe(401);
});

test('login limits count across both instances', async ({ request }) => {
  // the per-account limit: attempts alternate between the instances and still reach the one shared limit
  const unknown = `niemand-${process.pid}-${Date.now()}@test.de`;
  const attempt = () =>
    request.post(`${cluster.url}${apiUrl(authEndpoints.anmelden)}`, {
      data: { email: unknown, password: 'Falsch#2026', secondFactorCode: '' },
    });
  const upstreams = new Set<string>();
  for (let k = 0; k < ACCOUNT_LIMIT; k++) {
    const response = await attempt();
    expect(response.status()).toBe(401);
    upstreams.add(upstreamOf(response.headers()));
  }
  expect([...upstreams].sort()).toEqual(instanceAddresses());
  const refused = await attempt();
  expect(refused.status()).toBe(429);
  expect(((await refused.json()) as { message: string }).message).toContain('Zu viele');
});

test('five wrong passwords in the login dialog lock the account, counted once although two instances answer', async ({
  browser,
}) => {
  const email = await createAccount('PATIENT');
  const context = await browser.newContext({ baseURL: cluster.url, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/?login');
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByLabel('E-Mail').fill(email);
  const error = page.getByRole('dialog', { name: 'Fehler bei der Anmeldung' });
  // each attempt asks whether a code is needed and then logs in: two requests, one to each instance
  for (let attempt = 1; attempt <= 5; attempt++) {
    await dialog.getByLabel('Passwort', { exact: true }).fill(`Falsch#${attempt}`);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(error).toContainText(attempt < 5 ? MESSAGES.loginFalsch : MESSAGES.loginGesperrtFehlversuche);
    await error.getByRole('button').click();
    await expect(error).toBeHidden();
  }
  await context.close();
});

test('the reminder job of both instances sends each reminder exactly once', async () => {
  const PATIENTS = 12;
  const mailDir = process.env.E2E_MAIL_DIR ?? '';
  const tag = `erinnerung-${process.pid}-${Date.now()}`;
  // booked seats of an appointment within the next 24 hours: due for their reminder on whichever instance looks first
  await sql(
    `with termin_neu as (
       insert into termin (datum, dauer, termintyp, befund, details, therapeut_user_id, max_teilnehmer, anzahl_teilnehmer, status)
       select now() + interval '3 hours', 30, 'GRUPPE', 'Erinnerung', 'E2E-Termin', id, $2, $2, 'AKTIV'
       from benutzer where email = 'therapeut@demo.de' returning id
     ), patient as (
       insert into benutzer (email, password_hash, rolle, email_confirmed)
       select $1 || '-' || i || '@test.de', password_hash, 'PATIENT', true
       from benutzer, generate_series(1, $2) as i where email = 'patient@demo.de' returning id
     )
     insert into termin_teilnahme (termin_id, patient_user_id, status, zahlungsart)
     select termin_neu.id, patient.id, 'GEBUCHT', 'ABO' from termin_neu, patient`,
    [tag, PATIENTS],
  );
  const reminded = async () =>
    (
      await sql(
        `select count(*)::int as n from termin_teilnahme t join benutzer b on b.id = t.patient_user_id
         where b.email like $1 and t.reminder_sent_at is not null`,
        [`${tag}-%`],
      )
    ).rows[0] as { n: number };
  await expect.poll(async () => (await reminded()).n, { timeout: scaled(20_000) }).toBe(PATIENTS);
  // every outbox row sent (the mail worker of either instance claims each row once), then counted as received
  const outbox = async () =>
    (
      await sql(
        `select count(*)::int as n, count(gesendet_am)::int as sent from mail_ausgang
         where empfaenger like $1 and betreff like '%Erinnerung: Ihr Termin%'`,
        [`${tag}-%`],
      )
    ).rows[0] as { n: number; sent: number };
  await expect.poll(outbox, { timeout: scaled(20_000) }).toEqual({ n: PATIENTS, sent: PATIENTS });
  const received = readdirSync(mailDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => (JSON.parse(readFileSync(path.join(mailDir, name), 'utf8')) as { to: string }).to)
    .filter((to) => to.startsWith(`${tag}-`));
  expect(received).toHaveLength(PATIENTS);
  expect(new Set(received).size).toBe(PATIENTS);
});

test('the cart job of both instances releases each expired cart once: seats freed once, credit returned once', async ({
  request,
}) => {
  const CARTS = 8;
  const terminId = await groupTermin('Warenkorb-Ablauf', CARTS);
  const patientIds: number[] = [];
  const cartIds: number[] = [];
  for (let k = 0; k < CARTS; k++) {
    const patient = await patientWithCredit('Ablauf', k);
    patientIds.push(patient.id);
    // a cart paid with credit, never confirmed: its seat and its credit are held until it expires
    const created = await request.post(`${cluster.url}${apiUrl(cartEndpoints.anlegen)}`, {
      headers: { authorization: await apiLogin(request, patient.email) },
      data: [{ id: terminId }],
    });
    expect(created.status(), await created.text()).toBe(200);
    cartIds.push(((await created.json()) as { cartId: number }).cartId);
  }
  const seatCounter = async () =>
    (
      (await sql('select anzahl_teilnehmer from termin where id = $1', [terminId])).rows[0] as {
        anzahl_teilnehmer: number;
      }
    ).anzahl_teilnehmer;
  /** Each patient's balance of the kind: what was granted, less what the carts hold, plus what came back. */
  const balances = async () =>
    (
      await sql(
        `select coalesce(sum(delta), 0)::int as saldo from unnest($1::int[]) as p(id)
         left join guthaben_buchung g on g.patient_user_id = p.id and g.kind = $2 group by p.id`,
        [patientIds, CREDIT_KIND],
      )
    ).rows.map((row) => (row as { saldo: number }).saldo);
  expect(await seatCounter()).toBe(CARTS);
  expect(await balances()).toEqual(Array<number>(CARTS).fill(0));

  // every cart's time is up at the same moment: the jobs of both instances (every second here) find them together
  await sql(`update warenkorb set expires_at = now() - interval '1 second' where id = any($1::int[])`, [cartIds]);
  const expired = async () =>
    (
      (
        await sql(`select count(*)::int as n from warenkorb where id = any($1::int[]) and status = 'ABGELAUFEN'`, [
          cartIds,
        ])
      ).rows[0] as { n: number }
    ).n;
  await expect.poll(expired, { timeout: scaled(20_000) }).toBe(CARTS);

  // seats freed once: the counter is back at zero (not below), every seat cancelled
  expect(await seatCounter()).toBe(0);
  const seats = await sql(`select status from termin_teilnahme where termin_id = $1`, [terminId]);
  expect(seats.rows.map((row) => (row as { status: string }).status)).toEqual(Array<string>(CARTS).fill('STORNIERT'));
  // credit returned once: one refund entry per cart, each balance back at the one credit granted
  const refunds = await sql(
    `select reference, count(*)::int as n from guthaben_buchung
     where reference = any($1::text[]) and delta > 0 group by reference`,
    [cartIds.map((id) => `warenkorb:${id}`)],
  );
  expect(refunds.rows.map((row) => (row as { n: number }).n)).toEqual(Array<number>(CARTS).fill(1));
  expect(await balances()).toEqual(Array<number>(CARTS).fill(1));
});

test('a video session whose two participants are connected to different instances', async ({ browser }) => {
  const termin = await sessionTermin();
  const patient = termin.patients[0]!;
  const t = await loggedIn(browser, termin.therapist, cluster.url);
  const p = await loggedIn(browser, patient, cluster.url);
  const therapistSocket = await watchSocketUpstream(t.page);
  const patientSocket = await watchSocketUpstream(p.page);
  await t.page.goto(therapistPath(termin.id));
  await expect.poll(therapistSocket.latest).toBeTruthy();
  // round-robin hands out the sockets in turn with every other request: the patient opens the session again until
  // its socket is on the other instance (each try has about even odds)
  for (let attempt = 0; ; attempt++) {
    patientSocket.forget();
    await patientJoins(p.page, termin.id);
    await expect.poll(patientSocket.latest).toBeTruthy();
    if (patientSocket.latest() !== therapistSocket.latest()) break;
    expect(attempt, 'die Patientin landet immer auf der Instanz der Therapeutin').toBeLessThan(10);
  }
  expect([therapistSocket.latest(), patientSocket.latest()].sort()).toEqual(instanceAddresses());
  await expectReceiving(t.page, patient.id);
  await expectReceiving(p.page, termin.therapist.id);

  await raiseHandThenEndForAll(t.page, p.page, patient.id);
  await t.context.close();
  await p.context.close();
});

test.afterEach(async ({}, testInfo) => {
  // what the instances said, for a failed test
  if (testInfo.status === testInfo.expectedStatus || !cluster) return;
  for (const instance of cluster.instances) {
    await testInfo.attach(path.basename(instance.logFile), { body: readFileSync(instance.logFile) });
  }
});
