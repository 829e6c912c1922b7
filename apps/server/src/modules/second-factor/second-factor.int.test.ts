import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@dihs/contract/common/messages';
import { privilegeCode, type Role } from '@dihs/contract/common/roles';
import { SECOND_FACTOR_TEXTS } from '@dihs/contract/second-factor';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../users/index.ts';
import { users } from '../users/users.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { authEndpoints } from '@dihs/contract/auth';
import { secondFactorEndpoints } from '@dihs/contract/second-factor';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_IP: '1000', LOGIN_RATE_LIMIT_ACCOUNT: '1000' });
});
afterAll(() => t.close());

let counter = 0;
async function createUser(role: Role, privileges: number[] = []) {
  const email = `zwei-${role.toLowerCase()}-${counter++}@test.de`;
  const [template] = await t.db.select().from(users).where(eq(users.email, 'patient@demo.de'));
  const [row] = await t.db
    .insert(users)
    .values({ email, passwordHash: template!.passwordHash, role, privileges })
    .returning({ id: users.id });
  return { email, id: row!.id, bearer: await t.bearer(email) };
}

const post = (url: string, bearer: string | null, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: bearer ? { authorization: bearer } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const get = (url: string, bearer: string | null) =>
  t.app.inject({ method: 'GET', url, headers: bearer ? { authorization: bearer } : {} });

const login = (email: string, secondFactorCode = '') =>
  t.app.inject({
    method: 'POST',
    url: apiUrl(authEndpoints.anmelden),
    payload: { email, password: DEMO_PASSWORD, secondFactorCode },
  });

/** A code of the key that differs from the current one (so it is wrong now). */
async function wrongCode(secret: string): Promise<string> {
  const right = await generate({ secret });
  return right === '000000' ? '111111' : '000000';
}

describe('own second factor', () => {
  it('activates in two steps with the password and a code of the key, after which login needs the code', async () => {
    const user = await createUser('PATIENT');
    expect((await get(apiUrl(secondFactorEndpoints.status), user.bearer)).json()).toBe(false);

    const step1 = await post(apiUrl(secondFactorEndpoints.aktivieren), user.bearer, { password: DEMO_PASSWORD });
    expect(step1.statusCode).toBe(200);
    const { qrCode, privateKey } = step1.json<{ qrCode: string; privateKey: string }>();
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    expect(privateKey).toMatch(/^[A-Z2-7]{16,}$/);
    // nothing is stored before the code proves the app holds the key
    expect((await get(apiUrl(secondFactorEndpoints.status), user.bearer)).json()).toBe(false);

    const wrong = await post(apiUrl(secondFactorEndpoints.aktivieren), user.bearer, {
      password: DEMO_PASSWORD,
      privateKey,
      token: await wrongCode(privateKey),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(SECOND_FACTOR_TEXTS.codeFalsch);

    const step2 = await post(apiUrl(secondFactorEndpoints.aktivieren), user.bearer, {
      password: DEMO_PASSWORD,
      privateKey,
      token: await generate({ secret: privateKey }),
    });
    expect(step2.statusCode).toBe(200);
    expect(step2.json()).toBe(true);
    expect((await get(apiUrl(secondFactorEndpoints.status), user.bearer)).json()).toBe(true);

    // stored encrypted: the database alone does not give the key away
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.secondFactorSecret).toMatch(/^gcm1\./);
    expect(row!.secondFactorSecret).not.toContain(privateKey);

    expect((await login(user.email)).json().code).toBe('SECOND_FACTOR_REQUIRED');
    expect((await login(user.email, await wrongCode(privateKey))).json().code).toBe('SECOND_FACTOR_INVALID');
    const withCode = await login(user.email, await generate({ secret: privateKey }));
    expect(withCode.statusCode).toBe(200);

    const again = await post(apiUrl(secondFactorEndpoints.aktivieren), user.bearer, { password: DEMO_PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(SECOND_FACTOR_TEXTS.bereitsAktiv);
  });

  it('answers a wrong password with 401 and its message, without ending the session', async () => {
    const user = await createUser('THERAPEUT');
    const response = await post(apiUrl(secondFactorEndpoints.aktivieren), user.bearer, { password: 'Falsch#123' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(SECOND_FACTOR_TEXTS.passwortFalsch);
    expect((await get(apiUrl(secondFactorEndpoints.status), user.bearer)).statusCode).toBe(200);
  });

  it('deactivates with password and current code only', async () => {
    const user = await createUser('THERAPEUT');
    const { privateKey } = (
      await post(apiUrl(secondFactorEndpoints.aktivieren), user.bearer, { password: DEMO_PASSWORD })
    ).json();
    await post(apiUrl(secondFactorEndpoints.aktivieren), user.bearer, {
      password: DEMO_PASSWORD,
      privateKey,
      token: await generate({ secret: privateKey }),
    });

    const wrongPassword = await post(apiUrl(secondFactorEndpoints.deaktivieren), user.bearer, {
      password: 'Falsch#123',
      token: await generate({ secret: privateKey }),
    });
    expect(wrongPassword.statusCode).toBe(401);
    const wrongToken = await post(apiUrl(secondFactorEndpoints.deaktivieren), user.bearer, {
      password: DEMO_PASSWORD,
      token: await wrongCode(privateKey),
    });
    expect(wrongToken.statusCode).toBe(400);
    expect(wrongToken.json().message).toBe(SECOND_FACTOR_TEXTS.codeFalsch);
    expect((await get(apiUrl(secondFactorEndpoints.status), user.bearer)).json()).toBe(true);

    const done = await post(apiUrl(secondFactorEndpoints.deaktivieren), user.bearer, {
      password: DEMO_PASSWORD,
      token: await generate({ secret: privateKey }),
    });
    expect(done.json()).toBe(true);
    expect((await login(user.email)).statusCode).toBe(200);
    const notActive = await post(apiUrl(secondFactorEndpoints.deaktivieren), user.bearer, {
      password: DEMO_PASSWORD,
      token: '123456',
    });
    expect(notActive.json().message).toBe(SECOND_FACTOR_TEXTS.nichtAktiv);
  });

  it.each([
    [{ password: '' }, SECOND_FACTOR_TEXTS.passwortLeer],
    [
      { password: DEMO_PASSWORD, privateKey: 'JBSWY3DPEHPK3PXPJBSWY3DP', token: '12345' },
      SECOND_FACTOR_TEXTS.codeLaenge,
    ],
    [
      { password: DEMO_PASSWORD, privateKey: 'JBSWY3DPEHPK3PXPJBSWY3DP', token: '1234567' },
      SECOND_FACTOR_TEXTS.codeLaenge,
    ],
    [
      { password: DEMO_PASSWORD, privateKey: 'JBSWY3DPEHPK3PXPJBSWY3DP', token: '12a456' },
      SECOND_FACTOR_TEXTS.codeZiffern,
    ],
    [
      { password: DEMO_PASSWORD, privateKey: 'kein-schluessel!', token: '123456' },
      SECOND_FACTOR_TEXTS.schluesselUngueltig,
    ],
    [{ password: DEMO_PASSWORD, privateKey: 'JBSWY3DPEHPK3PXPJBSWY3DP' }, 'Schlüssel und Code gehören zusammen.'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const user = await createUser('PATIENT');
    const response = await post(apiUrl(secondFactorEndpoints.aktivieren), user.bearer, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('answers 401 to visitors', async () => {
    expect((await get(apiUrl(secondFactorEndpoints.status), null)).statusCode).toBe(401);
    expect((await post(apiUrl(secondFactorEndpoints.aktivieren), null, { password: DEMO_PASSWORD })).statusCode).toBe(
      401,
    );
    expect(
      (await post(apiUrl(secondFactorEndpoints.deaktivieren), null, { password: DEMO_PASSWORD, token: '123456' }))
        .statusCode,
    ).toBe(401);
  });

  it('limits password tries to ten per account and minute', async () => {
    const user = await createUser('PATIENT');
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) {
      answers.push(
        (await post(apiUrl(secondFactorEndpoints.aktivieren), user.bearer, { password: `Falsch#${i}` })).statusCode,
      );
    }
    expect(answers.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});

describe('second factor of others (operator)', () => {
  it('sets up a therapist’s second factor with an empty body, then key and code', async () => {
    const operator = await t.bearer('betreiber@demo.de');
    const therapist = await createUser('THERAPEUT');
    expect(
      (await get(apiUrl(secondFactorEndpoints.betreiberStatus, { params: { userId: therapist.id } }), operator)).json(),
    ).toBe(false);

    const step1 = await post(
      apiUrl(secondFactorEndpoints.betreiberAktivieren, { params: { userId: therapist.id } }),
      operator,
    );
    expect(step1.statusCode).toBe(200);
    const { privateKey, qrCode } = step1.json();
    expect(qrCode).toMatch(/^data:image\/png;base64,/);

    const wrong = await post(
      apiUrl(secondFactorEndpoints.betreiberAktivieren, { params: { userId: therapist.id } }),
      operator,
      {
        privateKey,
        token: await wrongCode(privateKey),
      },
    );
    expect(wrong.statusCode).toBe(400);
    const step2 = await post(
      apiUrl(secondFactorEndpoints.betreiberAktivieren, { params: { userId: therapist.id } }),
      operator,
      {
        privateKey,
        token: await generate({ secret: privateKey }),
      },
    );
    expect(step2.json()).toBe(true);
    expect(
      (await get(apiUrl(secondFactorEndpoints.betreiberStatus, { params: { userId: therapist.id } }), operator)).json(),
    ).toBe(true);
    expect((await login(therapist.email)).json().code).toBe('SECOND_FACTOR_REQUIRED');
    expect((await login(therapist.email, await generate({ secret: privateKey }))).statusCode).toBe(200);

    expect(
      (
        await post(apiUrl(secondFactorEndpoints.betreiberDeaktivieren, { params: { userId: therapist.id } }), operator)
      ).json(),
    ).toBe(true);
    expect((await login(therapist.email)).statusCode).toBe(200);
  });

  it('sets up operators too, but not patients; removes a patient’s factor', async () => {
    const operator = await t.bearer('betreiber@demo.de');
    const other = await createUser('BETREIBER');
    expect(
      (await post(apiUrl(secondFactorEndpoints.betreiberAktivieren, { params: { userId: other.id } }), operator))
        .statusCode,
    ).toBe(200);

    const patient = await createUser('PATIENT');
    const refused = await post(
      apiUrl(secondFactorEndpoints.betreiberAktivieren, { params: { userId: patient.id } }),
      operator,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SECOND_FACTOR_TEXTS.nurBetreiberTherapeut);

    const { privateKey } = (
      await post(apiUrl(secondFactorEndpoints.aktivieren), patient.bearer, { password: DEMO_PASSWORD })
    ).json();
    await post(apiUrl(secondFactorEndpoints.aktivieren), patient.bearer, {
      password: DEMO_PASSWORD,
      privateKey,
      token: await generate({ secret: privateKey }),
    });
    expect(
      (
        await post(apiUrl(secondFactorEndpoints.betreiberDeaktivieren, { params: { userId: patient.id } }), operator)
      ).json(),
    ).toBe(true);
    expect((await login(patient.email)).statusCode).toBe(200);
  });

  it('never acts on the own account', async () => {
    const operator = await createUser('BETREIBER', [privilegeCode('BENUTZER_VERWALTEN')]);
    for (const url of [
      apiUrl(secondFactorEndpoints.betreiberAktivieren, { params: { userId: operator.id } }),
      apiUrl(secondFactorEndpoints.betreiberDeaktivieren, { params: { userId: operator.id } }),
    ]) {
      const response = await post(url, operator.bearer);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGES.eigenesProfil);
    }
  });

  it('refuses patients, therapists and operators without BENUTZER_VERWALTEN', async () => {
    const target = await createUser('THERAPEUT');
    const weak = await createUser('BETREIBER', [privilegeCode('INHALT_EDITIEREN')]);
    for (const bearer of [await t.bearer('patient@demo.de'), await t.bearer('therapeut@demo.de'), weak.bearer]) {
      expect(
        (await get(apiUrl(secondFactorEndpoints.betreiberStatus, { params: { userId: target.id } }), bearer))
          .statusCode,
      ).toBe(403);
      expect(
        (await post(apiUrl(secondFactorEndpoints.betreiberAktivieren, { params: { userId: target.id } }), bearer))
          .statusCode,
      ).toBe(403);
      expect(
        (await post(apiUrl(secondFactorEndpoints.betreiberDeaktivieren, { params: { userId: target.id } }), bearer))
          .statusCode,
      ).toBe(403);
    }
  });

  it('answers 404 for unknown users and 400 for malformed ids and bodies', async () => {
    const operator = await t.bearer('betreiber@demo.de');
    expect(
      (await get(apiUrl(secondFactorEndpoints.betreiberStatus, { params: { userId: 999999 } }), operator)).statusCode,
    ).toBe(404);
    expect(
      (await get(apiUrl(secondFactorEndpoints.betreiberStatus, { params: { userId: 'abc' } }), operator)).statusCode,
    ).toBe(400);
    const target = await createUser('THERAPEUT');
    const bad = await post(
      apiUrl(secondFactorEndpoints.betreiberAktivieren, { params: { userId: target.id } }),
      operator,
      {
        privateKey: 'JBSWY3DPEHPK3PXP',
      },
    );
    expect(bad.statusCode).toBe(400);
  });
});
