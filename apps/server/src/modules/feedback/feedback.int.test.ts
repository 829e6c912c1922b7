import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_TEXTS } from '@dihs/contract/feedback';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../users/users.table.ts';
import { FEEDBACK_RATE_LIMIT } from './feedback.routes.ts';
import { feedbacks } from './feedback.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { feedbackEndpoints } from '@dihs/contract/feedback';

let t: TestApp;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  // behind one proxy, whose X-Forwarded-For gives each test its own client address
  t = await createTestApp({ SMTP_URL: smtp.url, TRUST_PROXY: '1' });
  await t.db.insert(users).values([
    { email: 'betreiber2@test.de', role: 'BETREIBER', passwordHash: 'x' },
    { email: 'inaktiv@test.de', role: 'BETREIBER', passwordHash: 'x', active: false },
  ]);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let ip = 1;
/** Each test sends from an address of its own, so the per-IP limit of one test does not hit another. */
const send = (payload: unknown, from = `10.0.0.${ip}`) =>
  t.app.inject({
    method: 'POST',
    url: apiUrl(feedbackEndpoints.senden),
    headers: { 'x-forwarded-for': from },
    payload: payload as object,
  });
const stored = () => t.db.select().from(feedbacks).orderBy(asc(feedbacks.id));

describe('POST /api/feedback', () => {
  it('stores the feedback and mails it to every active operator', async () => {
    ip++;
    const response = await send({ email: ' Anna@Example.DE ', feedback: 'Die Übungsvideos sind toll.' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBe(true);
    expect((await stored()).at(-1)).toMatchObject({ email: 'anna@example.de', text: 'Die Übungsvideos sind toll.' });
    for (const to of ['betreiber@demo.de', 'betreiber2@test.de']) {
      const mail = await smtp.waitFor((m) => m.to === to && m.text.includes('Die Übungsvideos sind toll.'));
      expect(mail.subject).toBe('DiHS Teletherapie: Neues Feedback über das Kontaktformular');
      expect(mail.text).toContain('Absender: anna@example.de');
    }
    expect(smtp.mails.filter((m) => m.to === 'inaktiv@test.de')).toEqual([]);
    expect(smtp.mails.filter((m) => m.to === 'patient@demo.de' || m.to === 'therapeut@demo.de')).toEqual([]);
  });

  it.each([
    ['without e-mail', { feedback: 'Ohne Adresse' }],
    ['with an empty e-mail', { email: '', feedback: 'Leere Adresse' }],
    ['with e-mail null', { email: null, feedback: 'Null-Adresse' }],
  ])('accepts feedback %s', async (_, payload) => {
    ip++;
    expect((await send(payload)).statusCode).toBe(200);
    expect((await stored()).at(-1)).toMatchObject({ email: null, text: payload.feedback });
    const mail = await smtp.waitFor((m) => m.to === 'betreiber@demo.de' && m.text.includes(payload.feedback));
    expect(mail.text).toContain('Absender: ohne E-Mail-Adresse');
  });

  it.each([
    ['a missing feedback', { email: 'a@b.de' }, 'feedback'],
    ['an empty feedback', { feedback: '' }, FEEDBACK_TEXTS.feedbackLeer],
    ['a feedback of spaces only', { feedback: '   ' }, FEEDBACK_TEXTS.feedbackLeer],
    ['a feedback over 5000 characters', { feedback: 'x'.repeat(5001) }, 'Maximale Länge beachten'],
    ['a NUL character', { feedback: 'a\u0000b' }, FEEDBACK_TEXTS.feedbackZeichen],
    ['an invalid e-mail', { email: 'kein-at-zeichen', feedback: 'x' }, 'E-Mail ist nicht valide.'],
    ['an e-mail over 100 characters', { email: `${'a'.repeat(95)}@b.de1`, feedback: 'x' }, 'Maximale Länge beachten'],
    ['an e-mail that is no text', { email: 5, feedback: 'x' }, 'email'],
  ])('refuses %s with 400 and a German message, and stores nothing', async (_, payload, message) => {
    ip++;
    const before = (await stored()).length;
    const response = await send(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await stored()).toHaveLength(before);
  });

  it('accepts exactly 5000 characters and an e-mail of 100', async () => {
    ip++;
    const email = `${'a'.repeat(95)}@b.de`;
    expect(email).toHaveLength(100);
    expect((await send({ email, feedback: 'y'.repeat(5000) })).statusCode).toBe(200);
  });

  it('limits the feedback per IP address with 429 and a German message', async () => {
    ip++;
    for (let i = 0; i < FEEDBACK_RATE_LIMIT.max; i++) {
      expect((await send({ feedback: `Flut ${i}` })).statusCode).toBe(200);
    }
    const limited = await send({ feedback: 'eine zu viel' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Zu viele Anfragen/);
    // another sender is not affected
    expect((await send({ feedback: 'anderer Absender' }, '10.0.99.1')).statusCode).toBe(200);
  });
});

describe('FEEDBACK_EMPFAENGER', () => {
  it('sends feedback only to the configured addresses', async () => {
    const capture = await startSmtpCapture();
    const other = await createTestApp({
      SMTP_URL: capture.url,
      FEEDBACK_EMPFAENGER: 'Team@Example.de, zwei@example.de',
    });
    try {
      const response = await other.app.inject({
        method: 'POST',
        url: apiUrl(feedbackEndpoints.senden),
        payload: { feedback: 'Hallo' },
      });
      expect(response.statusCode).toBe(200);
      await capture.waitFor((m) => m.to === 'team@example.de');
      await capture.waitFor((m) => m.to === 'zwei@example.de');
      expect(capture.mails.map((m) => m.to).sort()).toEqual(['team@example.de', 'zwei@example.de']);
    } finally {
      await other.close();
      await capture.close();
    }
  });
});
