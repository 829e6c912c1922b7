import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@dihs/contract/common/messages';
import { privilegeCode, type Role } from '@dihs/contract/common/roles';
import { PROFIL_TEXTS } from '@dihs/contract/profil';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../users/users.table.ts';
import { bookIntoCare } from '../termin/care.test-support.ts';
import { profiles } from './profil.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { profilEndpoints } from '@dihs/contract/profil';

let t: TestApp;
const ids: Record<string, number> = {};
const bearers: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_IP: '1000', LOGIN_RATE_LIMIT_ACCOUNT: '1000' });
  for (const row of await t.db.select({ id: users.id, email: users.email }).from(users)) ids[row.email] = row.id;
  // both therapists treat both demo patients: these tests are about the views, need-to-know has its own tests
  for (const therapist of ['therapeut@demo.de', 'therapeut2@demo.de']) {
    await bookIntoCare(t.db, id(therapist), id('patient@demo.de'), id('patient2@demo.de'));
  }
});
afterAll(() => t.close());

async function bearer(email: string): Promise<string> {
  bearers[email] ??= await t.bearer(email);
  return bearers[email];
}

let counter = 0;
/** A fresh account with the demo password and a profile, for tests that change state. */
async function createUser(role: Role, privileges: number[] = [], profile: Partial<typeof profiles.$inferInsert> = {}) {
  const email = `profil-${role.toLowerCase()}-${counter++}@test.de`;
  const [template] = await t.db.select().from(users).where(eq(users.email, 'patient@demo.de'));
  const [row] = await t.db
    .insert(users)
    .values({ email, passwordHash: template!.passwordHash, role, privileges, emailConfirmed: true })
    .returning({ id: users.id });
  await t.db.insert(profiles).values({ userId: row!.id, vorname: 'Neu', nachname: role, ...profile });
  ids[email] = row!.id;
  return { email, id: row!.id };
}

async function call(method: 'GET' | 'POST', url: string, email?: string, payload?: unknown) {
  const headers: Record<string, string> = email ? { authorization: await bearer(email) } : {};
  if (typeof payload === 'string') headers['content-type'] = 'text/plain';
  return t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

const id = (email: string) => ids[email]!;

describe('GET /api/profil/my', () => {
  it('answers the own profile with role and e-mail', async () => {
    const response = await call('GET', apiUrl(profilEndpoints.my), 'therapeut@demo.de');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      userId: id('therapeut@demo.de'),
      rolle: 'THERAPEUT',
      email: 'therapeut@demo.de',
      vorname: 'Thomas',
      schwerpunkte: 'Rücken, Schulter, Sportverletzungen',
      therapeutId: id('therapeut@demo.de'),
      patientId: null,
      patient: false,
    });
  });

  it('keeps the operators’ remarks from the patient', async () => {
    await t.db
      .update(profiles)
      .set({ beschreibung: 'Interne Notiz' })
      .where(eq(profiles.userId, id('patient@demo.de')));
    const mine = (await call('GET', apiUrl(profilEndpoints.my), 'patient@demo.de')).json();
    expect(mine).toMatchObject({ vorname: 'Paula', patient: true, patientId: id('patient@demo.de'), beschreibung: '' });
  });

  it('answers an account without a profile row with empty fields', async () => {
    const email = 'ohne-profil@test.de';
    const [template] = await t.db.select().from(users).where(eq(users.email, 'patient@demo.de'));
    await t.db.insert(users).values({ email, passwordHash: template!.passwordHash, role: 'PATIENT' });
    const response = await call('GET', apiUrl(profilEndpoints.my), email);
    expect(response.json()).toMatchObject({ vorname: '', geburtsdatum: null, hatProfilbild: false });
  });

  it('answers 401 to visitors', async () => {
    expect((await call('GET', apiUrl(profilEndpoints.my))).statusCode).toBe(401);
  });
});

describe('POST /api/profil/change', () => {
  it('changes the own address fields of a patient', async () => {
    const { email } = await createUser('PATIENT');
    const response = await call('POST', apiUrl(profilEndpoints.aendern), email, {
      strasse: 'Neue Straße',
      hausnummer: '7a',
      plz: '20095',
      ort: 'Hamburg',
      land: 'Deutschland',
      telefon: '+49 40 123456',
      geburtsdatum: '1985-06-01',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ strasse: 'Neue Straße', hausnummer: '7a', geburtsdatum: '1985-06-01' });
    expect((await call('GET', apiUrl(profilEndpoints.my), email)).json().ort).toBe('Hamburg');
  });

  it('changes a therapist’s texts', async () => {
    const { email } = await createUser('THERAPEUT');
    const response = await call('POST', apiUrl(profilEndpoints.aendern), email, {
      ausbildung: 'a'.repeat(300),
      schwerpunkte: 'b'.repeat(80),
      beschreibung: 'c'.repeat(600),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().beschreibung).toHaveLength(600);
  });

  it('refuses fields the own role may not change with 403', async () => {
    const { email } = await createUser('PATIENT');
    for (const body of [{ vorname: 'Anders' }, { beschreibung: 'Selbst geschrieben' }, { ausbildung: 'x' }]) {
      const response = await call('POST', apiUrl(profilEndpoints.aendern), email, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(PROFIL_TEXTS.keinFeld);
    }
    const therapist = await createUser('THERAPEUT');
    expect(
      (await call('POST', apiUrl(profilEndpoints.aendern), therapist.email, { nachname: 'Anders' })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', apiUrl(profilEndpoints.aendern), therapist.email, { geburtsdatum: '1980-01-01' })).statusCode,
    ).toBe(403);
  });

  it('refuses e-mail, password, privileges, company, active flag and list display in the body with 400', async () => {
    const { email, id: userId } = await createUser('THERAPEUT');
    for (const body of [
      { email: 'neu@test.de' },
      { passwort: 'Neu#12345' },
      { privileges: [5] },
      { firmaId: 1 },
      { active: false },
      { listenanzeige: false },
    ]) {
      expect((await call('POST', apiUrl(profilEndpoints.aendern), email, body)).statusCode).toBe(400);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ email, active: true, privileges: [] });
  });

  it('lets an operator change the own name, but not to an empty one', async () => {
    const { email } = await createUser('BETREIBER');
    expect((await call('POST', apiUrl(profilEndpoints.aendern), email, { vorname: 'Berta' })).json().vorname).toBe(
      'Berta',
    );
    const empty = await call('POST', apiUrl(profilEndpoints.aendern), email, { vorname: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Vorname darf nicht leer sein.');
  });

  it.each([
    ['PATIENT', { strasse: 'Weg 12' }, 'Straße enthält unzulässige Zeichen.'],
    ['PATIENT', { strasse: 'a'.repeat(51) }, 'Maximale Länge beachten'],
    ['PATIENT', { hausnummer: '1234567' }, 'Maximale Länge beachten'],
    ['PATIENT', { hausnummer: '7 a' }, 'Hausnummer enthält unzulässige Zeichen.'],
    ['PATIENT', { plz: '1011A' }, 'PLZ enthält unzulässige Zeichen.'],
    ['PATIENT', { plz: '1234567' }, 'Maximale Länge beachten'],
    ['PATIENT', { ort: 'Berlin!' }, 'Stadt enthält unzulässige Zeichen.'],
    ['PATIENT', { ort: 'a'.repeat(41) }, 'Maximale Länge beachten'],
    ['PATIENT', { land: 'Deutschland?' }, 'Land enthält unzulässige Zeichen.'],
    ['PATIENT', { land: 'a'.repeat(61) }, 'Maximale Länge beachten'],
    ['PATIENT', { telefon: '030 abc' }, 'Telefon enthält unzulässige Zeichen.'],
    ['PATIENT', { telefon: '1'.repeat(31) }, 'Maximale Länge beachten'],
    ['PATIENT', { geburtsdatum: '1919-12-31' }, 'zwischen dem 01.01.1920 und heute'],
    ['PATIENT', { geburtsdatum: '2999-01-01' }, 'zwischen dem 01.01.1920 und heute'],
    ['PATIENT', { geburtsdatum: '1980-02-30' }, 'kein gültiges Datum'],
    ['THERAPEUT', { ausbildung: 'a'.repeat(301) }, 'Maximale Länge beachten'],
    ['THERAPEUT', { schwerpunkte: 'a'.repeat(81) }, 'Maximale Länge beachten'],
    ['THERAPEUT', { beschreibung: 'a'.repeat(601) }, 'Maximale Länge beachten'],
    ['BETREIBER', { vorname: 'a'.repeat(31) }, 'Maximale Länge beachten'],
    ['BETREIBER', { vorname: 'Anna1' }, 'Vorname enthält unzulässige Zeichen.'],
    ['BETREIBER', { nachname: '' }, 'Nachname darf nicht leer sein.'],
    ['BETREIBER', { nachname: 'a'.repeat(41) }, 'Maximale Länge beachten'],
    ['BETREIBER', { nachname: 'Müller_' }, 'Nachname enthält unzulässige Zeichen.'],
  ] as const)('%s: %j answers 400 "%s"', async (role, body, message) => {
    const { email } = await createUser(role);
    const response = await call('POST', apiUrl(profilEndpoints.aendern), email, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });
});

describe('GET /api/profil/other/{userId}/therapeut', () => {
  it('shows a patient only name, education, focus, description and photo flag', async () => {
    const response = await call(
      'GET',
      apiUrl(profilEndpoints.therapeutView, { params: { userId: id('therapeut@demo.de') } }),
      'patient@demo.de',
    );
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual([
      'ausbildung',
      'beschreibung',
      'hatProfilbild',
      'nachname',
      'schwerpunkte',
      'therapeutId',
      'userId',
      'vorname',
    ]);
    expect(response.json()).toMatchObject({ vorname: 'Thomas', nachname: 'Therapeut' });
  });

  it('answers 404 for a patient id and for an inactive therapist', async () => {
    expect(
      (
        await call(
          'GET',
          apiUrl(profilEndpoints.therapeutView, { params: { userId: id('patient2@demo.de') } }),
          'patient@demo.de',
        )
      ).statusCode,
    ).toBe(404);
    const inactive = await createUser('THERAPEUT');
    await t.db.update(users).set({ active: false }).where(eq(users.id, inactive.id));
    expect(
      (await call('GET', apiUrl(profilEndpoints.therapeutView, { params: { userId: inactive.id } }), 'patient@demo.de'))
        .statusCode,
    ).toBe(404);
  });

  it('answers 400 for a malformed id and 401 to visitors', async () => {
    expect(
      (await call('GET', apiUrl(profilEndpoints.therapeutView, { params: { userId: 'abc' } }), 'patient@demo.de'))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('GET', apiUrl(profilEndpoints.therapeutView, { params: { userId: id('therapeut@demo.de') } })))
        .statusCode,
    ).toBe(401);
  });
});

describe('GET /api/profil/other/{userId}/patient', () => {
  it('shows a therapist only name, birth date, phone and remarks', async () => {
    const response = await call(
      'GET',
      apiUrl(profilEndpoints.patientView, { params: { userId: id('patient@demo.de') } }),
      'therapeut2@demo.de',
    );
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual([
      'beschreibung',
      'geburtsdatum',
      'nachname',
      'patientId',
      'telefon',
      'userId',
      'vorname',
    ]);
    expect(response.json()).toMatchObject({ vorname: 'Paula', geburtsdatum: '1980-04-12', telefon: '030 1234567' });
  });

  it('gives operators the full view', async () => {
    const response = await call(
      'GET',
      apiUrl(profilEndpoints.patientView, { params: { userId: id('patient@demo.de') } }),
      'betreiber@demo.de',
    );
    expect(response.json()).toMatchObject({ email: 'patient@demo.de', strasse: 'Lindenstraße', rolle: 'PATIENT' });
  });

  it('refuses patients, even for their own id', async () => {
    for (const target of ['patient2@demo.de', 'patient@demo.de']) {
      const response = await call(
        'GET',
        apiUrl(profilEndpoints.patientView, { params: { userId: id(target) } }),
        'patient@demo.de',
      );
      expect(response.statusCode).toBe(403);
    }
  });

  it('answers 404 to an operator for a therapist id; a therapist has no care relation with one (403)', async () => {
    const url = apiUrl(profilEndpoints.patientView, { params: { userId: id('therapeut@demo.de') } });
    expect((await call('GET', url, 'betreiber@demo.de')).statusCode).toBe(404);
    expect((await call('GET', url, 'therapeut2@demo.de')).statusCode).toBe(403);
  });
});

describe('GET /api/profil/other/{userId}/betreiber', () => {
  it('shows an operator every field and the account state, and marks the own profile', async () => {
    const other = await call(
      'GET',
      apiUrl(profilEndpoints.betreiberView, { params: { userId: id('therapeut@demo.de') } }),
      'betreiber@demo.de',
    );
    expect(other.json()).toMatchObject({
      rolle: 'THERAPEUT',
      email: 'therapeut@demo.de',
      aktiv: true,
      privileges: [privilegeCode('UEBUNGEN_VERWALTEN_THERAPEUT'), privilegeCode('TRAININGSPLAN_VORLAGEN_VERWALTEN')],
      eigenesProfil: false,
      listenanzeige: true,
      geloescht: false,
    });
    const own = await call(
      'GET',
      apiUrl(profilEndpoints.betreiberView, { params: { userId: id('betreiber@demo.de') } }),
      'betreiber@demo.de',
    );
    expect(own.json().eigenesProfil).toBe(true);
  });

  it('refuses patients and therapists', async () => {
    for (const email of ['patient@demo.de', 'therapeut@demo.de']) {
      expect(
        (
          await call(
            'GET',
            apiUrl(profilEndpoints.betreiberView, { params: { userId: id('patient2@demo.de') } }),
            email,
          )
        ).statusCode,
      ).toBe(403);
    }
  });

  it('answers 404 for an unknown user', async () => {
    expect(
      (await call('GET', apiUrl(profilEndpoints.betreiberView, { params: { userId: 999999 } }), 'betreiber@demo.de'))
        .statusCode,
    ).toBe(404);
  });
});

describe('POST /api/profil/other/{userId}/betreiber', () => {
  it('lets an operator with BENUTZER_VERWALTEN change another user’s profile', async () => {
    const patient = await createUser('PATIENT');
    const response = await call(
      'POST',
      apiUrl(profilEndpoints.betreiberView, { params: { userId: patient.id } }),
      'betreiber@demo.de',
      {
        vorname: 'Änne',
        nachname: 'Groß-Müller',
        geburtsdatum: '1970-01-01',
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ vorname: 'Änne', nachname: 'Groß-Müller', geburtsdatum: '1970-01-01' });
  });

  it('never changes the own profile', async () => {
    const response = await call(
      'POST',
      apiUrl(profilEndpoints.betreiberView, { params: { userId: id('betreiber@demo.de') } }),
      'betreiber@demo.de',
      {
        vorname: 'Selbst',
      },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.eigenesProfil);
  });

  it('refuses an operator without BENUTZER_VERWALTEN, therapists and patients', async () => {
    const operator = await createUser('BETREIBER', [privilegeCode('INHALT_EDITIEREN')]);
    const patient = await createUser('PATIENT');
    for (const email of [operator.email, 'therapeut@demo.de', 'patient@demo.de']) {
      const response = await call(
        'POST',
        apiUrl(profilEndpoints.betreiberView, { params: { userId: patient.id } }),
        email,
        { vorname: 'X' },
      );
      expect(response.statusCode).toBe(403);
    }
  });

  it('switches a therapist’s list display, which the directory follows', async () => {
    const therapist = await createUser('THERAPEUT', [], { vorname: 'Lisa', nachname: 'Liste' });
    const listed = async () =>
      (await call('GET', apiUrl(profilEndpoints.therapeutenVerzeichnis), 'patient@demo.de'))
        .json<{ id: number }[]>()
        .some((e) => e.id === therapist.id);
    expect(await listed()).toBe(true);
    const off = await call(
      'POST',
      apiUrl(profilEndpoints.betreiberView, { params: { userId: therapist.id } }),
      'betreiber@demo.de',
      {
        listenanzeige: false,
      },
    );
    expect(off.json().listenanzeige).toBe(false);
    expect(await listed()).toBe(false);
  });

  it('refuses the list display for a patient and fields of another role', async () => {
    const patient = await createUser('PATIENT');
    const list = await call(
      'POST',
      apiUrl(profilEndpoints.betreiberView, { params: { userId: patient.id } }),
      'betreiber@demo.de',
      {
        listenanzeige: false,
      },
    );
    expect(list.statusCode).toBe(400);
    expect(list.json().message).toBe(PROFIL_TEXTS.nurTherapeuten);
    const text = await call(
      'POST',
      apiUrl(profilEndpoints.betreiberView, { params: { userId: patient.id } }),
      'betreiber@demo.de',
      {
        ausbildung: 'x',
      },
    );
    expect(text.statusCode).toBe(400);
  });

  it('applies the field rules', async () => {
    const patient = await createUser('PATIENT');
    const response = await call(
      'POST',
      apiUrl(profilEndpoints.betreiberView, { params: { userId: patient.id } }),
      'betreiber@demo.de',
      {
        vorname: 'Anna<script>',
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Vorname enthält unzulässige Zeichen.');
  });
});

describe('POST /api/profil/other/{patientId}/bemerkung', () => {
  it('stores the operators’ remarks, which therapists see and the patient does not', async () => {
    const patient = await createUser('PATIENT');
    const response = await call(
      'POST',
      apiUrl(profilEndpoints.bemerkung, { params: { patientId: patient.id } }),
      'betreiber@demo.de',
      'Rückruf erbeten',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().beschreibung).toBe('Rückruf erbeten');
    await bookIntoCare(t.db, id('therapeut@demo.de'), patient.id);
    const asTherapist = await call(
      'GET',
      apiUrl(profilEndpoints.patientView, { params: { userId: patient.id } }),
      'therapeut@demo.de',
    );
    expect(asTherapist.json().beschreibung).toBe('Rückruf erbeten');
    expect((await call('GET', apiUrl(profilEndpoints.my), patient.email)).json().beschreibung).toBe('');
  });

  it('refuses patients and therapists, other roles as target and overlong text', async () => {
    const patient = await createUser('PATIENT');
    for (const email of [patient.email, 'therapeut@demo.de']) {
      expect(
        (await call('POST', apiUrl(profilEndpoints.bemerkung, { params: { patientId: patient.id } }), email, 'x'))
          .statusCode,
      ).toBe(403);
    }
    expect(
      (
        await call(
          'POST',
          apiUrl(profilEndpoints.bemerkung, { params: { patientId: id('therapeut@demo.de') } }),
          'betreiber@demo.de',
          'x',
        )
      ).statusCode,
    ).toBe(404);
    const long = await call(
      'POST',
      apiUrl(profilEndpoints.bemerkung, { params: { patientId: patient.id } }),
      'betreiber@demo.de',
      'a'.repeat(2001),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('Maximale Länge beachten');
  });
});

describe('GET /api/profil/nameonly', () => {
  it('answers the own name, and a patient’s name to therapists and operators', async () => {
    expect((await call('GET', apiUrl(profilEndpoints.nameOnly), 'patient@demo.de')).json()).toEqual({
      vorname: 'Paula',
      nachname: 'Patientin',
    });
    for (const email of ['therapeut@demo.de', 'betreiber@demo.de', 'patient@demo.de']) {
      const response = await call(
        'GET',
        apiUrl(profilEndpoints.nameOnlyPatient, { params: { patientId: id('patient@demo.de') } }),
        email,
      );
      expect(response.json()).toEqual({ vorname: 'Paula', nachname: 'Patientin' });
    }
  });

  it('refuses a patient asking for another patient’s name', async () => {
    expect(
      (
        await call(
          'GET',
          apiUrl(profilEndpoints.nameOnlyPatient, { params: { patientId: id('patient2@demo.de') } }),
          'patient@demo.de',
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('therapist lists', () => {
  it('lists active, listed therapists for patients with their company', async () => {
    const inactive = await createUser('THERAPEUT', [], { vorname: 'Inaktiv' });
    await t.db.update(users).set({ active: false }).where(eq(users.id, inactive.id));
    const response = await call('GET', apiUrl(profilEndpoints.therapeutenVerzeichnis), 'patient@demo.de');
    expect(response.statusCode).toBe(200);
    const list = response.json<{ id: number; vorname: string; firmaId: number | null }[]>();
    expect(list.map((e) => e.id)).toContain(id('therapeut@demo.de'));
    expect(list.map((e) => e.id)).not.toContain(inactive.id);
    expect(list.find((e) => e.id === id('therapeut@demo.de'))).toMatchObject({
      vorname: 'Thomas',
      beschreibung: expect.stringContaining('Seit zwölf Jahren'),
      hatProfilbild: false,
    });
    expect(JSON.stringify(list)).not.toContain('@demo.de');
    expect((await call('GET', apiUrl(profilEndpoints.therapeutenVerzeichnis))).statusCode).toBe(401);
  });

  it('keeps a therapist without a name out of the directory until the profile has one', async () => {
    const unnamed = await createUser('THERAPEUT', [], { vorname: 'Neu', nachname: '  ' });
    const listed = async () =>
      (await call('GET', apiUrl(profilEndpoints.therapeutenVerzeichnis), 'patient@demo.de'))
        .json<{ id: number }[]>()
        .map((e) => e.id);
    expect(await listed()).not.toContain(unnamed.id);
    const operatorList = await call('GET', apiUrl(profilEndpoints.therapeutenBetreiber), 'betreiber@demo.de');
    expect(operatorList.json<{ id: number }[]>().map((e) => e.id)).toContain(unnamed.id);
    await t.db.update(profiles).set({ nachname: 'Namhaft' }).where(eq(profiles.userId, unnamed.id));
    expect(await listed()).toContain(unnamed.id);
  });

  it('lists every therapist with state for operators only', async () => {
    const response = await call('GET', apiUrl(profilEndpoints.therapeutenBetreiber), 'betreiber@demo.de');
    expect(response.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: 'therapeut2@demo.de', aktiv: true, listenanzeige: true }),
      ]),
    );
    for (const email of ['patient@demo.de', 'therapeut@demo.de']) {
      expect((await call('GET', apiUrl(profilEndpoints.therapeutenBetreiber), email)).statusCode).toBe(403);
    }
  });

  it('answers a therapist its own entry, with the company', async () => {
    const [firma] = await t.db
      .select({ id: users.firmaId })
      .from(users)
      .where(eq(users.email, 'firmenpatient@demo.de'));
    const therapist = await createUser('THERAPEUT');
    await t.db.update(users).set({ firmaId: firma!.id }).where(eq(users.id, therapist.id));
    const response = await call('GET', apiUrl(profilEndpoints.eigenerTherapeut), therapist.email);
    expect(response.json()).toMatchObject({ id: therapist.id, firmaId: firma!.id, firmenName: 'Demo GmbH' });
    expect((await call('GET', apiUrl(profilEndpoints.eigenerTherapeut), 'patient@demo.de')).statusCode).toBe(403);
  });
});

describe('patient lookups', () => {
  it('answers a patient itself by patient id, user id and getPatient', async () => {
    const patientId = id('firmenpatient@demo.de');
    for (const url of [
      apiUrl(profilEndpoints.patientNachPatientId, { params: { id: patientId } }),
      apiUrl(profilEndpoints.patientNachUserId, { params: { id: patientId } }),
      apiUrl(profilEndpoints.eigenerPatient),
    ]) {
      const response = await call('GET', url, 'firmenpatient@demo.de');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        patientId,
        userId: patientId,
        vorname: 'Fiona',
        firmaId: expect.any(Number),
      });
    }
  });

  it('refuses a patient asking for another patient, and answers therapists and operators', async () => {
    expect(
      (
        await call(
          'GET',
          apiUrl(profilEndpoints.patientNachPatientId, { params: { id: id('patient2@demo.de') } }),
          'patient@demo.de',
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          'GET',
          apiUrl(profilEndpoints.patientNachUserId, { params: { id: id('patient2@demo.de') } }),
          'patient@demo.de',
        )
      ).statusCode,
    ).toBe(403);
    for (const email of ['therapeut@demo.de', 'betreiber@demo.de']) {
      expect(
        (
          await call(
            'GET',
            apiUrl(profilEndpoints.patientNachPatientId, { params: { id: id('patient2@demo.de') } }),
            email,
          )
        ).statusCode,
      ).toBe(200);
    }
  });

  it('answers 404 for non-patients, and getPatient only to patients', async () => {
    expect(
      (
        await call(
          'GET',
          apiUrl(profilEndpoints.patientNachUserId, { params: { id: id('therapeut@demo.de') } }),
          'betreiber@demo.de',
        )
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', apiUrl(profilEndpoints.eigenerPatient), 'therapeut@demo.de')).statusCode).toBe(403);
    expect((await call('GET', apiUrl(profilEndpoints.eigenerPatient))).statusCode).toBe(401);
  });
});
