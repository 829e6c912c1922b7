import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BENUTZER_TEXTS } from '@dihs/contract/users';
import { MESSAGES } from '@dihs/contract/common/messages';
import { privilegeCode, type Privilege, type Role } from '@dihs/contract/common/roles';
import { PASSWORD_MESSAGES } from '@dihs/contract/common/rules';
import { hashPassword } from '../../lib/password.ts';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { profiles } from '../profil/profil.table.ts';
import { zugriffsprotokoll } from '../protokoll/protokoll.table.ts';
import { DEMO_FIRMA } from '../firma/index.ts';
import { DEMO_PASSWORD } from './users.demo.ts';
import { findUserByEmail } from './users.repository.ts';
import { users } from './users.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { accountsEndpoints } from '@dihs/contract/accounts';
import { authEndpoints } from '@dihs/contract/auth';
import { profilEndpoints } from '@dihs/contract/profil';
import { usersEndpoints } from '@dihs/contract/users';

let t: TestApp;
let capture: SmtpCapture;
let demoHash: string;
let admin: string;
beforeAll(async () => {
  capture = await startSmtpCapture();
  t = await createTestApp({
    SMTP_URL: capture.url,
    PUBLIC_URL: 'https://therapie.example',
    // many logins from one test process; the limits have tests of their own
    LOGIN_RATE_LIMIT_IP: '10000',
    LOGIN_RATE_LIMIT_ACCOUNT: '10000',
  });
  demoHash = await hashPassword(DEMO_PASSWORD);
  admin = await t.bearer('betreiber@demo.de');
});
afterAll(async () => {
  await t.close();
  await capture.close();
});

let counter = 0;
/** A fresh account of its own (demo password), for tests that change account state. */
async function account(
  role: Role,
  privileges: Privilege[] = [],
  extra: Partial<typeof users.$inferInsert> = {},
): Promise<{ id: number; email: string }> {
  const email = `konto-${counter++}@test.de`;
  const [row] = await t.db
    .insert(users)
    .values({ email, role, passwordHash: demoHash, privileges: privileges.map(privilegeCode), ...extra })
    .returning({ id: users.id });
  return { id: row!.id, email };
}

const idOf = async (email: string) => (await findUserByEmail(t.db, email))!.id;
const login = (email: string, password = DEMO_PASSWORD) =>
  t.app.inject({ method: 'POST', url: apiUrl(authEndpoints.anmelden), payload: { email, password } });
const headers = (authorization?: string) => (authorization ? { authorization } : {});
/** Any JSON value as the body, a bare string included. */
const jsonHeaders = (authorization?: string) => ({ ...headers(authorization), 'content-type': 'application/json' });

/** The callers every user admin endpoint refuses: visitor 401, then patient, therapist, operator without BENUTZER_VERWALTEN. */
async function expectRefusedToNonAdmins(send: (authorization?: string) => Promise<{ statusCode: number }>) {
  expect((await send()).statusCode).toBe(401);
  const operatorWithoutPrivilege = await account('BETREIBER', ['INHALT_EDITIEREN', 'TERMINE_EDITIEREN']);
  for (const email of ['patient@demo.de', 'therapeut@demo.de', operatorWithoutPrivilege.email]) {
    expect((await send(await t.bearer(email))).statusCode).toBe(403);
  }
}

describe('GET /api/user/locked/list', () => {
  const call = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: apiUrl(usersEndpoints.gesperrte), headers: headers(authorization) });

  it('is refused to visitors, patients, therapists and operators without BENUTZER_VERWALTEN', async () => {
    await expectRefusedToNonAdmins(call);
    expect((await call(await t.bearer('patient@demo.de'))).json().message).toMatch(/nicht berechtigt/);
  });

  it('answers an operator with BENUTZER_VERWALTEN', async () => {
    const response = await call(admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expect.any(Array));
  });
});

describe('POST /api/user/locked/unlock', () => {
  const unlock = (payload: unknown, authorization?: string) =>
    t.app.inject({
      method: 'POST',
      url: apiUrl(usersEndpoints.entsperren),
      headers: jsonHeaders(authorization),
      payload: JSON.stringify(payload),
    });

  it('is refused to non-admins', async () => {
    await expectRefusedToNonAdmins((authorization) => unlock([], authorization));
  });

  it('unlocks the selected accounts after five wrong passwords, resets the counter, and answers the rest', async () => {
    const first = await account('PATIENT');
    const second = await account('THERAPEUT');
    for (const { email } of [first, second]) {
      for (let i = 0; i < 5; i++) await login(email, `Falsch#${i}`);
      expect((await login(email)).json().code).toBe('ACCOUNT_LOCKED');
    }
    const list = await t.app.inject({
      method: 'GET',
      url: apiUrl(usersEndpoints.gesperrte),
      headers: { authorization: admin },
    });
    expect(list.json()).toEqual(expect.arrayContaining([first.email, second.email]));
    // the list shows a patient's address: that patient's audit log names the read (the therapist's is no patient's)
    const readsOf = (userId: number, endpunkt: string) =>
      vi.waitFor(async () => {
        const rows = await t.db
          .select()
          .from(zugriffsprotokoll)
          .where(and(eq(zugriffsprotokoll.patientUserId, userId), eq(zugriffsprotokoll.endpunkt, endpunkt)));
        if (userId === first.id) expect(rows.length).toBeGreaterThan(0);
        return rows;
      });
    expect((await readsOf(first.id, 'GET /api/user/locked/list'))[0]).toMatchObject({
      art: 'PROFIL',
      aktion: 'LESEN',
      ergebnis: 'ERLAUBT',
    });
    expect(await readsOf(second.id, 'GET /api/user/locked/list')).toEqual([]);

    // the address in capitals: e-mails are compared lower-cased
    const response = await unlock([first.email.toUpperCase()], admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContain(second.email);
    expect(response.json()).not.toContain(first.email);
    const [row] = await t.db.select().from(users).where(eq(users.id, first.id));
    expect(row).toMatchObject({ lockedAt: null, failedLogins: 0 });
    expect((await login(first.email)).statusCode).toBe(200);
    expect((await login(second.email)).statusCode).toBe(401);
  });

  it('accepts an empty list and unknown addresses', async () => {
    expect((await unlock([], admin)).statusCode).toBe(200);
    expect((await unlock(['niemand@test.de'], admin)).statusCode).toBe(200);
  });

  it.each([['keine Liste'], [{ email: 'a@b.de' }], [[42]], [['x'.repeat(101)]]])(
    'refuses the body %j',
    async (body) => {
      const response = await unlock(body, admin);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    },
  );
});

describe('POST /api/benutzerliste', () => {
  const list = (payload: unknown, authorization?: string) =>
    t.app.inject({
      method: 'POST',
      url: apiUrl(usersEndpoints.liste),
      headers: jsonHeaders(authorization),
      payload: JSON.stringify(payload),
    });

  it('is refused to non-admins', async () => {
    await expectRefusedToNonAdmins((authorization) => list('PATIENT', authorization));
  });

  it('lists the users of a role by name, with privilege codes, the active flag and the company', async () => {
    const response = await list('THERAPEUT', admin);
    expect(response.statusCode).toBe(200);
    const entries = response.json<{ email: string }[]>();
    expect(entries).toContainEqual({
      id: await idOf('therapeut@demo.de'),
      email: 'therapeut@demo.de',
      privileges: [privilegeCode('UEBUNGEN_VERWALTEN_THERAPEUT'), privilegeCode('TRAININGSPLAN_VORLAGEN_VERWALTEN')],
      active: true,
      vorname: 'Thomas',
      nachname: 'Therapeut',
      firma: null,
    });
    expect(entries.every((e) => !e.email.endsWith('patient@demo.de'))).toBe(true);
    const patients = (await list('PATIENT', admin)).json<{ email: string; nachname: string; firma: string | null }[]>();
    expect(patients.find((e) => e.email === 'firmenpatient@demo.de')).toMatchObject({
      nachname: 'Firmenpatientin',
      firma: DEMO_FIRMA,
    });
    // named people first (by last name), accounts without a name after them
    const hasName = patients.map((e) => e.nachname !== '');
    expect(hasName).toEqual([...hasName].sort((a, b) => Number(b) - Number(a)));
    expect(hasName).toContain(true);
  });

  it('takes the numeric role code as well', async () => {
    const response = await list(2, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ email: string }[]>().map((e) => e.email)).toEqual(
      expect.arrayContaining(['patient@demo.de', 'patient2@demo.de', 'firmenpatient@demo.de']),
    );
  });

  it('leaves deleted patients out', async () => {
    const deleted = await account('PATIENT', [], { deletedAt: new Date() });
    const emails = (await list('PATIENT', admin)).json<{ email: string }[]>().map((e) => e.email);
    expect(emails).not.toContain(deleted.email);
  });

  it.each([['KUNDE'], [3], [-1], [{ role: 'PATIENT' }]])('refuses the role %j', async (role) => {
    const response = await list(role, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Unbekannte Rolle.');
  });
});

describe('POST /api/user/other/{role}/new', () => {
  const create = (role: string, email: string, authorization?: string) =>
    t.app.inject({
      method: 'POST',
      url: apiUrl(usersEndpoints.anlegen, { params: { role } }),
      headers: { ...headers(authorization), 'content-type': 'text/plain' },
      payload: email,
    });

  it('is refused to non-admins', async () => {
    await expectRefusedToNonAdmins((authorization) => create('PATIENT', 'neu-verweigert@test.de', authorization));
    expect(await findUserByEmail(t.db, 'neu-verweigert@test.de')).toBeUndefined();
  });

  it('creates the user with an empty profile and mails a link that sets the first password', async () => {
    const response = await create('THERAPEUT', '  Neue.Therapeutin@Test.DE ', admin);
    expect(response.statusCode).toBe(200);
    const id = response.json();
    expect(id).toEqual(expect.any(Number));

    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ email: 'neue.therapeutin@test.de', role: 'THERAPEUT', privileges: [], active: true });
    expect(await t.db.select().from(profiles).where(eq(profiles.userId, id))).toHaveLength(1);
    // nobody knows the password yet
    expect((await login('neue.therapeutin@test.de', DEMO_PASSWORD)).statusCode).toBe(401);

    const mail = await capture.waitFor((m) => m.to === 'neue.therapeutin@test.de');
    expect(mail.subject).toContain('DiHS Teletherapie');
    expect(mail.text).toContain('72 Stunden');
    const link = /https:\/\/therapie\.example\/passwortreset\/([A-Za-z0-9_-]{43})/.exec(mail.text);
    expect(link).not.toBeNull();

    const set = await t.app.inject({
      method: 'POST',
      url: apiUrl(accountsEndpoints.passwortMitCodeSetzen, { params: { code: link![1] } }),
      payload: { passwort: 'Neu#Start1', passwortWiederholen: 'Neu#Start1' },
    });
    expect(set.statusCode).toBe(200);
    const loggedIn = await login('neue.therapeutin@test.de', 'Neu#Start1');
    expect(loggedIn.statusCode).toBe(200);
  });

  it('creates operators and patients too, also from a JSON string body', async () => {
    for (const role of ['BETREIBER', 'PATIENT']) {
      const email = `neu-${role.toLowerCase()}@test.de`;
      const response = await t.app.inject({
        method: 'POST',
        url: apiUrl(usersEndpoints.anlegen, { params: { role } }),
        headers: { authorization: admin, 'content-type': 'application/json' },
        payload: JSON.stringify(email),
      });
      expect(response.statusCode).toBe(200);
      const [row] = await t.db.select().from(users).where(eq(users.id, response.json()));
      expect(row?.role).toBe(role);
    }
  });

  it('answers null for an address that is taken, in any case', async () => {
    const response = await create('PATIENT', 'Patient@Demo.de', admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });

  it.each([
    ['', 'E-Mail darf nicht leer sein.'],
    ['ohne-at-zeichen', 'E-Mail ist nicht valide.'],
    [`${'a'.repeat(95)}@test.de`, 'Maximale Länge beachten'],
  ])('refuses the e-mail %j with "%s"', async (email, message) => {
    const response = await create('PATIENT', email, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses an unknown role', async () => {
    const response = await create('KUNDE', 'kunde@test.de', admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Unbekannte Rolle.');
  });
});

describe('POST /api/user/other/{id}/privileges', () => {
  const setPrivileges = (id: number | string, payload: unknown, authorization?: string) =>
    t.app.inject({
      method: 'POST',
      url: apiUrl(usersEndpoints.berechtigungen, { params: { id } }),
      headers: headers(authorization),
      payload: payload as object,
    });
  const codes = (...privileges: Privilege[]) => privileges.map(privilegeCode);

  it('is refused to non-admins', async () => {
    const target = await account('THERAPEUT');
    await expectRefusedToNonAdmins((authorization) =>
      setPrivileges(target.id, { privileges: [], active: false }, authorization),
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.active).toBe(true);
  });

  it('never changes the own account', async () => {
    const response = await setPrivileges(await idOf('betreiber@demo.de'), { privileges: [], active: false }, admin);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.eigenesProfil);
  });

  it('answers 404 for an unknown or deleted account and 400 for a malformed id', async () => {
    expect((await setPrivileges(999999, { privileges: [], active: true }, admin)).statusCode).toBe(404);
    const deleted = await account('PATIENT', [], { deletedAt: new Date() });
    expect((await setPrivileges(deleted.id, { privileges: [], active: true }, admin)).statusCode).toBe(404);
    expect((await setPrivileges('abc', { privileges: [], active: true }, admin)).statusCode).toBe(400);
  });

  it('grants only privileges available for the role of the user', async () => {
    const therapist = await account('THERAPEUT');
    const refused = await setPrivileges(therapist.id, { privileges: codes('BENUTZER_VERWALTEN'), active: true }, admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(BENUTZER_TEXTS.berechtigungNichtVergebbar);
    const patient = await account('PATIENT');
    expect(
      (await setPrivileges(patient.id, { privileges: codes('UEBUNGEN_VERWALTEN_THERAPEUT'), active: true }, admin))
        .statusCode,
    ).toBe(400);
    expect((await setPrivileges(patient.id, { privileges: [99], active: true }, admin)).statusCode).toBe(400);
    expect((await setPrivileges(patient.id, { privileges: [] }, admin)).statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, therapist.id));
    expect(row?.privileges).toEqual([]);
  });

  it('sets the privileges; they reach the token at the next login', async () => {
    const therapist = await account('THERAPEUT');
    const before = await t.bearer(therapist.email);
    const response = await setPrivileges(
      therapist.id,
      { privileges: codes('TRAININGSPLAN_VORLAGEN_VERWALTEN', 'UEBUNGEN_VERWALTEN_THERAPEUT'), active: true },
      admin,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: therapist.id,
      email: therapist.email,
      privileges: codes('UEBUNGEN_VERWALTEN_THERAPEUT', 'TRAININGSPLAN_VORLAGEN_VERWALTEN'),
      active: true,
    });
    const claims = async (bearer: string) => (await t.tokens.verify(bearer.replace('Bearer ', '')))?.privileges;
    expect(await claims(before)).toEqual([]);
    expect(await claims(await t.bearer(therapist.email))).toEqual(
      codes('UEBUNGEN_VERWALTEN_THERAPEUT', 'TRAININGSPLAN_VORLAGEN_VERWALTEN'),
    );
  });

  it('keeps HAT_ABO as stored: neither removed nor granted by hand', async () => {
    const subscriber = await account('PATIENT', ['HAT_ABO']);
    const kept = await setPrivileges(subscriber.id, { privileges: codes('STATISTIK_SCHREIBEN'), active: true }, admin);
    expect(kept.json().privileges).toEqual(codes('HAT_ABO', 'STATISTIK_SCHREIBEN'));
    expect((await setPrivileges(subscriber.id, { privileges: [], active: true }, admin)).json().privileges).toEqual(
      codes('HAT_ABO'),
    );
    const other = await account('PATIENT');
    const ignored = await setPrivileges(other.id, { privileges: codes('HAT_ABO'), active: true }, admin);
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json().privileges).toEqual([]);
  });

  it('deactivates an account, which then cannot log in, and activates it again', async () => {
    const patient = await account('PATIENT');
    expect((await setPrivileges(patient.id, { privileges: [], active: false }, admin)).json().active).toBe(false);
    const refused = await login(patient.email);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(MESSAGES.loginInaktiv);
    await setPrivileges(patient.id, { privileges: [], active: true }, admin);
    expect((await login(patient.email)).statusCode).toBe(200);
  });

  describe('"Gesperrt" means one thing for profile switch, user list and locked tab (issue 32 item 1)', () => {
    const lockedList = async () =>
      (
        await t.app.inject({ method: 'GET', url: apiUrl(usersEndpoints.gesperrte), headers: { authorization: admin } })
      ).json<string[]>();
    const listed = async (role: Role, id: number) =>
      (
        await t.app.inject({
          method: 'POST',
          url: apiUrl(usersEndpoints.liste),
          headers: jsonHeaders(admin),
          payload: JSON.stringify(role),
        })
      )
        .json<{ id: number; active: boolean }[]>()
        .find((entry) => entry.id === id);
    const profileSwitch = async (id: number) =>
      (
        await t.app.inject({
          method: 'GET',
          url: apiUrl(profilEndpoints.betreiberView, { params: { userId: id } }),
          headers: { authorization: admin },
        })
      ).json<{ aktiv: boolean }>().aktiv;

    it.each<Role>(['PATIENT', 'THERAPEUT', 'BETREIBER'])(
      'a %s switched to Gesperrt is in the locked tab and Gesperrt in the list; unlocking there makes it Aktiv',
      async (role) => {
        const target = await account(role);
        await setPrivileges(target.id, { privileges: [], active: false }, admin);
        expect(await lockedList()).toContain(target.email);
        expect(await listed(role, target.id)).toMatchObject({ active: false });
        expect(await profileSwitch(target.id)).toBe(false);

        const unlock = await t.app.inject({
          method: 'POST',
          url: apiUrl(usersEndpoints.entsperren),
          headers: jsonHeaders(admin),
          payload: JSON.stringify([target.email]),
        });
        expect(unlock.json()).not.toContain(target.email);
        expect(await listed(role, target.id)).toMatchObject({ active: true });
        expect(await profileSwitch(target.id)).toBe(true);
        expect((await login(target.email)).statusCode).toBe(200);
      },
    );

    it('a lock after wrong passwords shows Gesperrt on the profile and in the list; the switch to Aktiv ends it', async () => {
      const patient = await account('PATIENT');
      for (let i = 0; i < 5; i++) await login(patient.email, `Falsch#${i}`);
      expect(await lockedList()).toContain(patient.email);
      expect(await listed('PATIENT', patient.id)).toMatchObject({ active: false });
      expect(await profileSwitch(patient.id)).toBe(false);

      // saving the profile with the switch left on Gesperrt keeps the cause: the login still says why
      await setPrivileges(patient.id, { privileges: [], active: false }, admin);
      const [kept] = await t.db.select().from(users).where(eq(users.id, patient.id));
      expect(kept).toMatchObject({ active: true, lockedAt: expect.any(Date) });
      expect((await login(patient.email)).json().message).toBe(MESSAGES.loginGesperrtFehlversuche);

      const saved = await setPrivileges(patient.id, { privileges: [], active: true }, admin);
      expect(saved.json().active).toBe(true);
      expect(await lockedList()).not.toContain(patient.email);
      expect((await login(patient.email)).statusCode).toBe(200);
    });

    it('the locked login says why and whom to contact', () => {
      for (const message of [MESSAGES.loginInaktiv, MESSAGES.loginGesperrtFehlversuche]) {
        expect(message).toMatch(/^Ihr Konto ist gesperrt/);
        expect(message).toContain('Betreiber der Plattform');
        expect(message).toContain('„Kontakt“');
      }
    });
  });
});

describe('POST /api/user/other/{id}/email', () => {
  const changeEmail = (id: number, email: string, authorization?: string) =>
    t.app.inject({
      method: 'POST',
      url: apiUrl(usersEndpoints.email, { params: { id } }),
      headers: { ...headers(authorization), 'content-type': 'text/plain' },
      payload: email,
    });

  it('is refused to non-admins and for the own account', async () => {
    const target = await account('PATIENT');
    await expectRefusedToNonAdmins((authorization) => changeEmail(target.id, 'uebernahme@test.de', authorization));
    const own = await changeEmail(await idOf('betreiber@demo.de'), 'chef@test.de', admin);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(MESSAGES.eigenesProfil);
    expect((await changeEmail(999999, 'wer@test.de', admin)).statusCode).toBe(404);
  });

  it('changes the login e-mail lower-cased and tells the old and the new address', async () => {
    const target = await account('PATIENT');
    const response = await changeEmail(target.id, 'Geaendert.Neu@Test.de', admin);
    expect(response.statusCode).toBe(200);
    expect((await login('geaendert.neu@test.de')).statusCode).toBe(200);
    expect((await login(target.email)).statusCode).toBe(401);
    const toOld = await capture.waitFor((m) => m.to === target.email);
    expect(toOld.text).toContain('geaendert.neu@test.de');
    await capture.waitFor((m) => m.to === 'geaendert.neu@test.de');
  });

  it('refuses an address another account has', async () => {
    const target = await account('PATIENT');
    const response = await changeEmail(target.id, 'PATIENT2@demo.de', admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(BENUTZER_TEXTS.emailVergeben);
  });

  it.each([
    ['', 'E-Mail darf nicht leer sein.'],
    ['a@', 'E-Mail ist nicht valide.'],
    [`${'a'.repeat(95)}@test.de`, 'Maximale Länge beachten'],
  ])('refuses %j with "%s"', async (email, message) => {
    const target = await account('THERAPEUT');
    const response = await changeEmail(target.id, email, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('POST /api/user/other/{id}/password', () => {
  const changePassword = (id: number, password: string, authorization?: string) =>
    t.app.inject({
      method: 'POST',
      url: apiUrl(usersEndpoints.passwort, { params: { id } }),
      headers: { ...headers(authorization), 'content-type': 'text/plain' },
      payload: password,
    });

  it('is refused to non-admins and for the own account', async () => {
    const target = await account('PATIENT');
    await expectRefusedToNonAdmins((authorization) => changePassword(target.id, 'Gekapert#1', authorization));
    expect((await login(target.email)).statusCode).toBe(200);
    const own = await changePassword(await idOf('betreiber@demo.de'), 'Eigenes#123', admin);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(MESSAGES.eigenesProfil);
    expect((await changePassword(999999, 'Niemand#123', admin)).statusCode).toBe(404);
  });

  it('sets the password and tells the owner without revealing it', async () => {
    const target = await account('BETREIBER');
    expect((await changePassword(target.id, 'Vom Betreiber#1', admin)).statusCode).toBe(200);
    expect((await login(target.email)).statusCode).toBe(401);
    expect((await login(target.email, 'Vom Betreiber#1')).statusCode).toBe(200);
    const notice = await capture.waitFor((m) => m.to === target.email);
    expect(notice.text).not.toContain('Vom Betreiber#1');
  });

  it.each([
    ['Kurz#1', PASSWORD_MESSAGES.length],
    [`Lang#1${'a'.repeat(40)}`, PASSWORD_MESSAGES.length],
    ['klein#123', PASSWORD_MESSAGES.upper],
    ['GROSS#123', PASSWORD_MESSAGES.lower],
    ['Keine#Zahl', PASSWORD_MESSAGES.digit],
    ['KeinZeichen1', PASSWORD_MESSAGES.special],
  ])('refuses %j with "%s"', async (password, message) => {
    const target = await account('THERAPEUT');
    const response = await changePassword(target.id, password, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});
