import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Cart } from '@dihs/contract/cart';
import type { CreditKind } from '@dihs/contract/guthaben';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { firmen } from '../firma/firma.table.ts';
import { DEMO_FIRMA } from '../firma/index.ts';
import { addLedgerEntries, balanceOf } from '../guthaben/index.ts';
import { termine, terminTeilnahmen, type TerminRow } from '../termin/termin.table.ts';
import { users } from '../users/users.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { cartEndpoints } from '@dihs/contract/cart';

/** Shared set-up of the cart integration tests: appointments, credit, calls. */
export function cartHelpers(t: () => TestApp, clock: () => Date) {
  let counter = 0;
  const app = () => t().app;

  async function therapistId(): Promise<number> {
    const [row] = await t().db.select({ id: users.id }).from(users).where(eq(users.email, 'therapeut@demo.de'));
    return row!.id;
  }

  /** An AKTIV appointment `hours` after the clock (default three days), GRUPPE with five seats unless overridden. */
  async function termin(overrides: Partial<typeof termine.$inferInsert> & { hours?: number } = {}): Promise<TerminRow> {
    const { hours = 72, ...values } = overrides;
    counter++;
    const [row] = await t()
      .db.insert(termine)
      .values({
        datum: new Date(clock().getTime() + hours * 3_600_000 + counter * 60_000),
        dauer: 30,
        termintyp: 'GRUPPE',
        befund: `Befund ${counter}`,
        details: 'Testtermin',
        therapeutUserId: await therapistId(),
        maxTeilnehmer: 5,
        status: 'AKTIV',
        ...values,
      })
      .returning();
    return row!;
  }

  async function grant(patientUserId: number, credit: Partial<Record<CreditKind, number>>): Promise<void> {
    const entries = Object.entries(credit)
      .filter(([, n]) => n > 0)
      .map(([kind, n]) => ({
        patientUserId,
        kind: kind as CreditKind,
        delta: n,
        reason: 'Testgutschrift',
        idempotencyKey: `test-grant-${patientUserId}-${kind}-${counter++}-${Math.random()}`,
      }));
    await t().db.transaction((tx) => addLedgerEntries(tx, entries));
  }

  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, bearer?: string, payload?: unknown) =>
    app().inject({
      method,
      url,
      headers: bearer ? { authorization: bearer } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const create = (bearer: string, ids: number[]) =>
    inject(
      'POST',
      apiUrl(cartEndpoints.anlegen),
      bearer,
      ids.map((id) => ({ id })),
    );

  async function createOk(bearer: string, ids: number[]): Promise<Cart> {
    const response = await create(bearer, ids);
    if (response.statusCode !== 200) throw new Error(`cart/create ${response.statusCode}: ${response.body}`);
    return response.json<Cart>();
  }

  const counterOf = async (terminId: number) =>
    (await t().db.select().from(termine).where(eq(termine.id, terminId)))[0]!.anzahlTeilnehmer;

  const seatsOf = (terminId: number) =>
    t().db.select().from(terminTeilnahmen).where(eq(terminTeilnahmen.terminId, terminId));

  const balance = (patientUserId: number) => balanceOf(t().db, patientUserId);

  return { termin, grant, inject, create, createOk, counterOf, seatsOf, balance };
}

/**
 * One test app with mail capture and a settable clock for a whole cart test file; registers its own
 * beforeAll/afterAll. Tests move time by assigning `suite.clock`.
 */
export function cartSuite() {
  let app: TestApp | undefined;
  let mails: SmtpCapture | undefined;
  let demoFirmaId: number | undefined;
  let now = new Date();
  beforeAll(async () => {
    mails = await startSmtpCapture();
    app = await createTestApp({ SMTP_URL: mails.url }, { now: () => now });
    const [firma] = await app.db.select({ id: firmen.id }).from(firmen).where(eq(firmen.bezeichner, DEMO_FIRMA));
    demoFirmaId = firma!.id;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await mails?.close();
  });
  return {
    get clock(): Date {
      return now;
    },
    set clock(value: Date) {
      now = value;
    },
    get t(): TestApp {
      return app!;
    },
    get capture(): SmtpCapture {
      return mails!;
    },
    /** Id of the demo company, for company-only appointments and patients. */
    get firmaId(): number {
      return demoFirmaId!;
    },
    h: cartHelpers(
      () => app!,
      () => now,
    ),
  };
}
