import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anamneseEndpoints } from '@dihs/contract/anamnese';
import { authEndpoints } from '@dihs/contract/auth';
import { apiUrl, routePattern } from '@dihs/contract/common/endpoint';
import { MESSAGES } from '@dihs/contract/common/messages';
import { profilEndpoints } from '@dihs/contract/profil';
import { enqueueMail, MAX_MAIL_ATTEMPTS } from '../modules/mail/index.ts';
import { mailOutbox } from '../modules/mail/mail.table.ts';
import { DEMO_USERS } from '../modules/users/index.ts';
import { users } from '../modules/users/users.table.ts';
import { injectEndpoint } from '../test/inject-endpoint.ts';
import { createTestApp, TEST_DEVICE_KEY, type TestApp } from '../test/test-app.ts';
import { METRICS_PATH, METRICS_TEXTS } from './metrics.ts';

// Issue 35 item 1: /metrics answers only the configured token, measures by declared route pattern, and no label of
// the exposition carries an id, an e-mail address or a name, whatever the requests addressed.

const TOKEN = 'metriken-token-0123456789abcdef';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The exposition's samples (text format 0.0.4), comments left out. */
function parseExposition(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`Zeile der Exposition nicht lesbar: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

const sum = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((total, s) => total + s.value, 0);

describe('the metrics endpoint with METRICS_TOKEN', () => {
  let t: TestApp;
  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: METRICS_PATH, headers: authorization ? { authorization } : {} });

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, LOGIN_RATE_LIMIT_IP: '12' });
  });
  afterAll(() => t.close());

  it('refuses a scrape without the token or with another one, in German', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      TOKEN,
      'Basic Zm9vOmJhcg==',
    ]) {
      const response = await scrape(authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json()).toMatchObject({ message: METRICS_TEXTS.tokenNoetig });
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('dihs_');
    }
  });

  it('measures by declared route pattern and status class, with logins, refusals, jobs, database and process', async () => {
    const [patientB] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'patient2@demo.de'));
    const patient = await t.bearer('patient@demo.de');
    // an id in the path: its own record, another's (need-to-know 403), and one that does not exist
    const own = await injectEndpoint(t.app, profilEndpoints.my, { authorization: patient });
    expect(own.statusCode).toBeLessThan(500);
    const refused = await injectEndpoint(t.app, anamneseEndpoints.vonPatient, {
      authorization: patient,
      params: { patientId: patientB!.id },
    });
    expect(refused.statusCode).toBe(403);
    // a wrong password, an unknown address
    const wrong = await injectEndpoint(t.app, authEndpoints.anmelden, {
      body: { email: 'patient@demo.de', password: 'falsch-falsch' },
      headers: { cookie: `dihs_geraet=${TEST_DEVICE_KEY}` },
    });
    expect(wrong.statusCode).toBe(401);
    await injectEndpoint(t.app, authEndpoints.anmelden, { body: { email: 'niemand@example.org', password: 'x' } });

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseExposition(response.body);

    const refusedRoute = routePattern(anamneseEndpoints.vonPatient);
    expect(refusedRoute).toContain(':patientId');
    const requests = { name: 'dihs_http_request_duration_seconds_count' };
    expect(sum(samples, requests.name, { route: refusedRoute, method: 'GET', status_class: '4xx' })).toBe(1);
    expect(sum(samples, 'dihs_need_to_know_refusals_total', { route: refusedRoute })).toBe(1);
    expect(sum(samples, 'dihs_logins_total', { outcome: 'erfolg' })).toBeGreaterThanOrEqual(1);
    expect(sum(samples, 'dihs_logins_total', { outcome: 'falsch' })).toBe(2);
    const loginRoute = routePattern(authEndpoints.anmelden);
    expect(sum(samples, requests.name, { route: loginRoute, status_class: '2xx' })).toBeGreaterThanOrEqual(1);

    for (const job of ['terminerinnerung', 'warenkorb_ablauf', 'abo', 'protokoll_aufbewahrung', 'mail_ausgang']) {
      expect(sum(samples, 'dihs_job_last_success_timestamp_seconds', { job }), job).toBeGreaterThan(0);
    }
    expect(sum(samples, 'dihs_job_interval_seconds', { job: 'terminerinnerung' })).toBe(60);
    expect(samples.some((s) => s.name === 'dihs_job_interval_seconds' && s.labels.job === 'loeschung')).toBe(false);
    expect(sum(samples, 'dihs_db_up')).toBe(1);
    expect(sum(samples, 'dihs_db_pool_max')).toBeGreaterThanOrEqual(1);
    expect(sum(samples, 'dihs_db_query_duration_seconds_count')).toBeGreaterThan(0);
    expect(samples.some((s) => s.name === 'dihs_db_pool_connections' && s.labels.state === 'in_use')).toBe(true);
    expect(samples.some((s) => s.name === 'dihs_mail_outbox_oldest_pending_age_seconds')).toBe(true);
    expect(sum(samples, 'dihs_mail_outbox_dead')).toBe(0);
    expect(sum(samples, 'dihs_data_dir_free_bytes')).toBeGreaterThan(0);
    expect(sum(samples, 'dihs_stomp_connections')).toBe(0);
    expect(sum(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('counts rate-limit refusals by route', async () => {
    let limited = 0;
    for (let i = 0; i < 14 && limited === 0; i++) {
      const response = await injectEndpoint(t.app, authEndpoints.anmelden, {
        body: { email: 'niemand@example.org', password: 'x' },
      });
      if (response.statusCode === 429) limited++;
    }
    expect(limited).toBe(1);
    const samples = parseExposition((await scrape(`Bearer ${TOKEN}`)).body);
    expect(sum(samples, 'dihs_http_rate_limited_total', { route: routePattern(authEndpoints.anmelden) })).toBe(1);
  });

  it('reads the outbox at scrape time: what waits, its oldest age, retries and dead letters', async () => {
    const mail = (subject: string) => ({ to: 'ausgang@example.org', subject, text: 'Text' });
    // in one transaction, so the outbox worker never sees them due
    const waiting = await t.db.transaction(async (tx) => {
      await enqueueMail(tx, mail('Metriken wartet'));
      await enqueueMail(tx, mail('Metriken aufgegeben'));
      const later = new Date(Date.now() + 3_600_000);
      const [row] = await tx
        .update(mailOutbox)
        .set({ attempts: 2, nextAttemptAt: later, createdAt: new Date(Date.now() - 20 * 60_000) })
        .where(eq(mailOutbox.subject, 'Metriken wartet'))
        .returning({ id: mailOutbox.id });
      await tx
        .update(mailOutbox)
        .set({ attempts: MAX_MAIL_ATTEMPTS, nextAttemptAt: later })
        .where(eq(mailOutbox.subject, 'Metriken aufgegeben'));
      return row;
    });
    expect(waiting).toBeDefined();
    const samples = parseExposition((await scrape(`Bearer ${TOKEN}`)).body);
    expect(sum(samples, 'dihs_mail_outbox_pending')).toBeGreaterThanOrEqual(1);
    expect(sum(samples, 'dihs_mail_outbox_retrying')).toBe(1);
    expect(sum(samples, 'dihs_mail_outbox_dead')).toBe(1);
    expect(sum(samples, 'dihs_mail_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(20 * 60 - 5);
    await t.db.delete(mailOutbox).where(eq(mailOutbox.recipient, 'ausgang@example.org'));
  });

  it('puts no id, e-mail address or name into any label', async () => {
    const samples = parseExposition((await scrape(`Bearer ${TOKEN}`)).body);
    const registered = new Set(t.app.routeCatalog.map((entry) => entry.url));
    const people = await t.db.select({ id: users.id, email: users.email }).from(users);
    const names = [...DEMO_USERS.map((u) => u.email), 'Bettina', 'Thomas', 'Tanja', 'Paula', 'Betreiber'];
    const values = samples.flatMap((s) => Object.values(s.labels));
    expect(values.length).toBeGreaterThan(100);
    for (const sample of samples) {
      if (sample.labels.route !== undefined && sample.labels.route !== 'statisch') {
        expect(registered.has(sample.labels.route), sample.labels.route).toBe(true);
      }
    }
    for (const value of values) {
      expect(value, 'e-mail address').not.toMatch(/@/);
      // a path segment or a whole value of digits is an id; le="0.005" and quantiles are not labels of people
      expect(value, 'numeric path segment').not.toMatch(/\/\d+(\/|$)/);
      expect(value, 'uuid').not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i);
      expect(value.length, value).toBeLessThan(120);
      for (const name of names) expect(value.toLowerCase(), 'name').not.toContain(name.toLowerCase());
    }
    // a label whose value is an account's id; numbers are only bucket bounds and Node's version (nodejs_version_info)
    const NUMERIC_KEYS = new Set(['le', 'quantile', 'major', 'minor', 'patch']);
    const ids = new Set(people.map((p) => String(p.id)));
    const idLabels = samples.filter((s) =>
      Object.entries(s.labels).some(([key, value]) => !NUMERIC_KEYS.has(key) && ids.has(value)),
    );
    expect(idLabels).toEqual([]);
  });
});

describe('the metrics endpoint without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 like an unknown path, with or without a token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await t.app.inject({ method: 'GET', url: METRICS_PATH, headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: MESSAGES.nichtGefunden });
    }
    // requests are not measured: the login above the scrape leaves nothing behind
    await t.bearer('patient@demo.de');
    expect(apiUrl(authEndpoints.anmelden)).toMatch(/^\/api\//);
  });
});
