import { and, eq } from 'drizzle-orm';
import { PRIVILEGES, privilegeCode, type Privilege, type Role } from '@dihs/contract/common/roles';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { aboEndpoints } from '@dihs/contract/abo';
import { anamneseEndpoints, LEERE_ANAMNESE } from '@dihs/contract/anamnese';
import { cartEndpoints } from '@dihs/contract/cart';
import { fragebogenEndpoints } from '@dihs/contract/fragebogen';
import { guthabenEndpoints } from '@dihs/contract/guthaben';
import { rezeptEndpoints } from '@dihs/contract/rezept';
import { trainingEndpoints } from '@dihs/contract/training';
import sharp from 'sharp';
import { hashPassword } from '../lib/password.ts';
import { aboPakete } from '../modules/abo/abo.table.ts';
import { warenkoerbe } from '../modules/cart/cart.table.ts';
import { firmen } from '../modules/firma/firma.table.ts';
import { recordRegistrationConsent } from '../modules/einwilligung/index.ts';
import { DEMO_FIRMA } from '../modules/firma/index.ts';
import { guthabenAngebote, guthabenBestellungen } from '../modules/guthaben/guthaben.table.ts';
import { addLedgerEntries } from '../modules/guthaben/index.ts';
import { profiles } from '../modules/profil/profil.table.ts';
import { termine, terminTeilnahmen } from '../modules/termin/termin.table.ts';
import { DEMO_PASSWORD } from '../modules/users/index.ts';
import { users } from '../modules/users/users.table.ts';
import { zahlungen } from '../modules/zahlung/zahlung.table.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** One account of the matrix world. */
export interface MatrixAccount {
  id: number;
  email: string;
  role: Role;
  privileges: Privilege[];
}

/**
 * The world every matrix call runs in: patient A (whose records the samples address) and B, therapist T1 with A in
 * care (booked appointments, one past, one soon, one later) and T2 without, operator O0 without privileges and one
 * operator per privilege holding exactly that one; plus records of A (a cart with its card payment, a credit order,
 * a subscription) for the endpoints that address a record by its own id.
 */
export interface MatrixWorld {
  t: TestApp;
  A: MatrixAccount;
  B: MatrixAccount;
  T1: MatrixAccount;
  T2: MatrixAccount;
  O0: MatrixAccount;
  operatorWith: Record<Privilege, MatrixAccount>;
  firmaId: number;
  /** T1's appointment A holds a booked seat in, starting in five minutes (its video session is open). */
  careTerminId: number;
  /** T1's appointment two days ago that A attended. */
  pastTerminId: number;
  /** T1's appointment in four days A booked with credit: the one A may cancel. */
  spareTerminId: number;
  /** T1's appointment in three days nobody booked. */
  freeTerminId: number;
  /** A's open cart (card payment) and that payment. */
  cartIdOfA: number;
  zahlungIdOfA: number;
  /** A's credit order (pending card payment). */
  bestellungIdOfA: number;
  /** A's subscription, assigned by an operator. */
  aboIdOfA: number;
  aboPaketId: number;
  angebotId: number;
  /** A's anamnesis form (saved, not signed), A's uploaded prescription, A's questionnaire (opened by T1), T1's plan set for A with one entry. */
  rezeptIdOfA: number;
  fragebogenIdOfA: number;
  planSetIdOfA: number;
  planEintragIdOfA: number;
  /** A second entry of the same set (entries swap places). */
  planEintrag2IdOfA: number;
  uebungId: number;
  /** T1's training template. */
  vorlageIdOfT1: number;
  /** The current bearer header of an account (renewTokens issues new ones). */
  bearer(account: MatrixAccount): string;
  /** New tokens for every account, after a call that ended sessions (password, e-mail, privilege changes). */
  renewTokens(): Promise<void>;
  /** A new patient in T1's care (booked seat), for calls that change or delete the patient they address. */
  freshPatientInCare(): Promise<MatrixAccount>;
  /** A new appointment of T1 nobody booked (calls that cancel, activate or book it). */
  freshTermin(overrides?: Partial<typeof termine.$inferInsert>): Promise<number>;
  /** A new entry in A's plan set (calls that remove it). */
  freshPlanEintragOfA(): Promise<number>;
  /** A unique suffix for addresses and names. */
  unique(): string;
}

const HOUR = 3_600_000;

/** Builds the app on a fresh database and the matrix world in it. */
export async function createMatrixWorld(options: Parameters<typeof createTestApp>[1] = {}): Promise<MatrixWorld> {
  const t = await createTestApp(
    {
      LOGIN_RATE_LIMIT_IP: '10000',
      LOGIN_RATE_LIMIT_ACCOUNT: '10000',
      // MATRIX_TRACE also shows the server's errors, for a 5xx in the matrix
      ...(process.env.MATRIX_TRACE ? { LOG_LEVEL: 'error' } : {}),
    },
    options,
  );
  const db = t.db;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let counter = 0;
  const unique = () => `${process.pid}-${++counter}`;
  const accounts: MatrixAccount[] = [];
  const tokens = new Map<number, string>();

  async function mint(account: MatrixAccount): Promise<void> {
    // the e-mail and privileges as stored now: an operator's change in a destructive call may have moved them
    const [row] = await db
      .select({ email: users.email, privileges: users.privileges })
      .from(users)
      .where(eq(users.id, account.id));
    if (!row) return;
    tokens.set(
      account.id,
      await t.sessionBearer({ id: account.id, email: row.email, role: account.role, privileges: row.privileges }),
    );
  }

  async function account(role: Role, privileges: Privilege[] = [], name = 'Matrix Person'): Promise<MatrixAccount> {
    const email = `matrix-${role.toLowerCase()}-${unique()}@test.de`;
    const [row] = await db
      .insert(users)
      .values({ email, role, passwordHash, privileges: privileges.map(privilegeCode), emailConfirmed: true })
      .returning({ id: users.id });
    const [vorname, nachname] = name.split(' ');
    await db.insert(profiles).values({ userId: row!.id, vorname: vorname ?? '', nachname: nachname ?? '' });
    // patients consented at registration, as every real one did: booking asks for the current consent
    if (role === 'PATIENT') await db.transaction((tx) => recordRegistrationConsent(tx, row!.id));
    const created: MatrixAccount = { id: row!.id, email, role, privileges };
    accounts.push(created);
    await mint(created);
    return created;
  }

  const now = Date.now();
  const A = await account('PATIENT', [], 'Anna Alpha');
  const B = await account('PATIENT', [], 'Bernd Beta');
  // both therapists hold the demo therapist's privileges: T2's refusals are then need-to-know alone
  const therapistPrivileges: Privilege[] = ['UEBUNGEN_VERWALTEN_THERAPEUT', 'TRAININGSPLAN_VORLAGEN_VERWALTEN'];
  const T1 = await account('THERAPEUT', therapistPrivileges, 'Theo Eins');
  const T2 = await account('THERAPEUT', therapistPrivileges, 'Tina Zwei');
  const O0 = await account('BETREIBER', [], 'Otto Null');
  const operatorWith = {} as Record<Privilege, MatrixAccount>;
  for (const privilege of PRIVILEGES) operatorWith[privilege] = await account('BETREIBER', [privilege], 'Olga Recht');

  async function freshTermin(overrides: Partial<typeof termine.$inferInsert> = {}): Promise<number> {
    const [row] = await db
      .insert(termine)
      .values({
        datum: new Date(now + 72 * HOUR + ++counter * 60_000),
        dauer: 30,
        termintyp: 'GRUPPE',
        befund: `Matrix ${counter}`,
        details: 'Termin der Berechtigungsmatrix',
        therapeutUserId: T1.id,
        maxTeilnehmer: 5,
        status: 'AKTIV',
        ...overrides,
      })
      .returning({ id: termine.id });
    return row!.id;
  }

  /** A booked seat written directly: the booking rules (time limits, payment) are not what the matrix tests. */
  async function seat(terminId: number, patientUserId: number, teilgenommen = false): Promise<void> {
    await db.insert(terminTeilnahmen).values({
      terminId,
      patientUserId,
      status: 'GEBUCHT',
      zahlungsart: 'GUTHABEN',
      creditKind: 'bezahltGruppenTermin',
      teilgenommen,
    });
    await db.update(termine).set({ anzahlTeilnehmer: 1 }).where(eq(termine.id, terminId));
  }

  const careTerminId = await freshTermin({ datum: new Date(now + 5 * 60_000) });
  await seat(careTerminId, A.id);
  const pastTerminId = await freshTermin({ datum: new Date(now - 48 * HOUR) });
  await seat(pastTerminId, A.id, true);
  const freeTerminId = await freshTermin();
  const spareTerminId = await freshTermin({ datum: new Date(now + 96 * HOUR) });

  const inject = async (
    method: 'GET' | 'POST',
    url: string,
    who: MatrixAccount,
    payload?: unknown,
    raw?: { payload: Buffer; headers: Record<string, string> },
  ) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { authorization: tokens.get(who.id)!, ...raw?.headers },
      ...(raw ? { payload: raw.payload } : payload === undefined ? {} : { payload: payload as object }),
    });
    if (response.statusCode !== 200)
      throw new Error(`Matrix-Welt: ${method} ${url} ${response.statusCode} ${response.body}`);
    return response;
  };

  // A books the spare appointment with credit (the real path, so a cancellation has something to refund) ...
  await db.transaction((tx) =>
    addLedgerEntries(tx, [
      {
        patientUserId: A.id,
        kind: 'bezahltGruppenTermin',
        delta: 1,
        reason: 'Matrix',
        idempotencyKey: `matrix-${A.id}-spare`,
      },
    ]),
  );
  await inject('GET', apiUrl(cartEndpoints.anmelden, { params: { id: spareTerminId } }), A);
  // ... and puts another one into a cart that waits for its card payment
  const cartTerminId = await freshTermin({ datum: new Date(now + 120 * HOUR) });
  await inject('POST', apiUrl(cartEndpoints.anlegen), A, [{ id: cartTerminId }]);
  const [cart] = await db.select({ id: warenkoerbe.id }).from(warenkoerbe).where(eq(warenkoerbe.patientUserId, A.id));

  const [angebot] = await db
    .select({ id: guthabenAngebote.id })
    .from(guthabenAngebote)
    .where(eq(guthabenAngebote.buchbar, true));
  await inject('GET', apiUrl(guthabenEndpoints.bestellen, { params: { offerId: angebot!.id } }), A);
  const [bestellung] = await db
    .select({ id: guthabenBestellungen.id })
    .from(guthabenBestellungen)
    .where(eq(guthabenBestellungen.patientUserId, A.id));
  const [zahlung] = await db.select({ id: zahlungen.id }).from(zahlungen).where(eq(zahlungen.userId, A.id));

  const [paket] = await db
    .select({ id: aboPakete.id })
    .from(aboPakete)
    .where(and(eq(aboPakete.aktiv, true), eq(aboPakete.buchbar, true)));
  const abo = await inject('POST', apiUrl(aboEndpoints.zuweisen), operatorWith.ABOPAKETE_VERWALTEN, {
    aboPaketId: paket!.id,
    patientId: A.id,
  });

  const [firma] = await db.select({ id: firmen.id }).from(firmen).where(eq(firmen.bezeichner, DEMO_FIRMA));

  await inject('POST', apiUrl(anamneseEndpoints.speichern), A, { ...LEERE_ANAMNESE, datenschutz: true });
  // the note names A, so an answer that shows it to others is caught (authorization-matrix: unaudited answers)
  const rezept = await inject('POST', apiUrl(rezeptEndpoints.hochladen), A, undefined, await pngUpload('Anna Alpha'));
  const fragebogen = await inject('GET', apiUrl(fragebogenEndpoints.neu, { params: { patientId: A.id } }), T1);
  const uebungen = await inject('GET', apiUrl(trainingEndpoints.uebungen), T1);
  const uebungId = uebungen.json<{ uebungen: { id: number }[] }>().uebungen[0]!.id;
  const planSet = await inject('POST', apiUrl(trainingEndpoints.planSetNeu, { params: { patientId: A.id } }), T1);
  const planSetId = planSet.json<{ id: number }>().id;
  const eintrag = () =>
    inject('POST', apiUrl(trainingEndpoints.eintragSpeichern), T1, {
      setId: planSetId,
      uebungId,
      dauer: 30,
      anzahl: 10,
      pause: 30,
      wiederholungen: 3,
    }).then((response) => response.json<{ id: number }>().id);
  const planEintragId = await eintrag();
  const planEintrag2Id = await eintrag();
  const vorlage = await inject('POST', apiUrl(trainingEndpoints.vorlageNeu), T1);

  return {
    t,
    A,
    B,
    T1,
    T2,
    O0,
    operatorWith,
    firmaId: firma!.id,
    careTerminId,
    pastTerminId,
    spareTerminId,
    freeTerminId,
    cartIdOfA: cart!.id,
    zahlungIdOfA: zahlung!.id,
    bestellungIdOfA: bestellung!.id,
    aboIdOfA: abo.json<{ id: number }>().id,
    aboPaketId: paket!.id,
    angebotId: angebot!.id,
    rezeptIdOfA: rezept.json<{ id: number }>().id,
    fragebogenIdOfA: fragebogen.json<{ id: number }>().id,
    planSetIdOfA: planSetId,
    planEintragIdOfA: planEintragId,
    planEintrag2IdOfA: planEintrag2Id,
    uebungId,
    vorlageIdOfT1: vorlage.json<{ id: number }>().id,
    bearer: (who) => tokens.get(who.id) ?? 'Bearer -',
    async renewTokens() {
      // a token issued in the same millisecond as an account's "sessions valid from" would still be refused
      await new Promise((resolve) => setTimeout(resolve, 5));
      for (const each of accounts) await mint(each);
    },
    async freshPatientInCare() {
      const patient = await account('PATIENT', [], 'Viktor Opfer');
      await seat(await freshTermin(), patient.id);
      return patient;
    },
    freshTermin,
    freshPlanEintragOfA: eintrag,
    unique,
  };
}

let png: Buffer | undefined;
/** A small PNG in the multipart field `file` with a description (profile photo, prescription upload). */
export async function pngUpload(description = 'Matrix'): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  png ??= await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  const boundary = '----matrix-boundary';
  // the description goes first: a prescription needs its remark, a profile photo ignores it
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\n${description}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bild.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
