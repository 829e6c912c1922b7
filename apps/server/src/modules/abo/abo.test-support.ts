import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Abo, AboPaket, AboPaketFields } from '@dihs/contract/abo';
import { ABO_PAKET_DEFAULTS } from '@dihs/contract/abo';
import { privilegeCode, type Privilege, type Role } from '@dihs/contract/common/roles';
import { hashPassword } from '../../lib/password.ts';
import type { TestApp } from '../../test/test-app.ts';
import { balanceOf } from '../guthaben/index.ts';
import { profiles } from '../profil/profil.table.ts';
import { DEMO_PASSWORD } from '../users/index.ts';
import { users } from '../users/users.table.ts';
import { abos, aboZahlungen } from './abo.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { aboEndpoints } from '@dihs/contract/abo';
import { zahlungEndpoints } from '@dihs/contract/zahlung';

/** Helpers of the subscription integration tests: accounts, packages, the sandbox checkout, reads. */
export function aboTestSupport(t: () => TestApp) {
  let counter = 0;
  let demoHash: string | undefined;

  const get = (url: string, authorization?: string) =>
    t().app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
  const post = (url: string, payload: unknown, authorization?: string) =>
    t().app.inject({
      method: 'POST',
      url,
      headers: authorization ? { authorization } : {},
      payload: payload as object,
    });

  async function account(
    role: Role,
    options: { privileges?: Privilege[]; firmaId?: number | null; confirmed?: boolean; name?: string } = {},
  ) {
    demoHash ??= await hashPassword(DEMO_PASSWORD);
    const email = `abo-${role.toLowerCase()}-${process.pid}-${counter++}@test.de`;
    const [row] = await t()
      .db.insert(users)
      .values({
        email,
        role,
        passwordHash: demoHash,
        privileges: (options.privileges ?? []).map(privilegeCode),
        emailConfirmed: options.confirmed ?? true,
        firmaId: options.firmaId ?? null,
      })
      .returning({ id: users.id });
    const [vorname, nachname] = (options.name ?? 'Abo Tester').split(' ');
    await t()
      .db.insert(profiles)
      .values({ userId: row!.id, vorname: vorname ?? '', nachname: nachname ?? '' });
    return { id: row!.id, email, bearer: await t().bearer(email) };
  }

  async function paket(admin: string, fields: Partial<AboPaketFields> = {}): Promise<AboPaket> {
    const response = await post(
      apiUrl(aboEndpoints.paketAnlegen),
      { ...ABO_PAKET_DEFAULTS, title: `Paket ${counter++}`, aktiv: true, buchbar: true, ...fields },
      admin,
    );
    expect(response.statusCode).toBe(200);
    return response.json<AboPaket>();
  }

  /** GET /abo/patient/placeOrder/{id}: the payment address ("" when nothing is to be paid). */
  async function bestellen(bearer: string, paketId: number): Promise<string> {
    const response = await get(apiUrl(aboEndpoints.bestellen, { params: { id: paketId } }), bearer);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<string>();
  }

  /**
   * Follows a payment address to the sandbox checkout and presses a button there; waits until the provider's
   * webhooks (sometimes two of the same event) were delivered.
   */
  async function sandbox(url: string, aktion: 'bezahlen' | 'abbrechen' | 'rueckerstatten' | 'stornieren') {
    const token = url.split('/').pop()!;
    const start = await get(url);
    expect([302, 303]).toContain(start.statusCode);
    const press = await t().app.inject({
      method: 'POST',
      url: apiUrl(zahlungEndpoints.sandboxSeite, { params: { token } }),
      payload: `aktion=${aktion}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(press.statusCode).toBe(303);
    await t().app.zahlungSandbox!.idle();
  }

  async function aktiv(bearer: string): Promise<Abo | null> {
    const response = await get(apiUrl(aboEndpoints.eigenesAbo), bearer);
    expect(response.statusCode).toBe(200);
    return response.json<Abo | null>();
  }

  const row = async (aboId: number) => (await t().db.select().from(abos).where(eq(abos.id, aboId)))[0]!;

  /** The payment address of the newest payment request of a subscription. */
  async function letzteZahlungsUrl(aboId: number): Promise<string> {
    const [request] = await t()
      .db.select()
      .from(aboZahlungen)
      .where(eq(aboZahlungen.aboId, aboId))
      .orderBy(desc(aboZahlungen.erstelltAm), desc(aboZahlungen.zahlungId))
      .limit(1);
    return request!.redirectUrl;
  }

  /** The four subscription balances. */
  async function aboGuthaben(patientId: number) {
    const balance = await balanceOf(t().db, patientId);
    return {
      einzel: balance.aboEinzelTermin,
      gruppe: balance.aboGruppenTermin,
      befund: balance.aboBefundTermin,
      trainingsplan: balance.aboTrainingsplan,
    };
  }

  async function hatAboPrivileg(patientId: number): Promise<boolean> {
    const [user] = await t().db.select({ privileges: users.privileges }).from(users).where(eq(users.id, patientId));
    return user!.privileges.includes(privilegeCode('HAT_ABO'));
  }

  async function hinweise(bearer: string): Promise<string[]> {
    const response = await get(apiUrl(aboEndpoints.zahlungsHinweise), bearer);
    expect(response.statusCode).toBe(200);
    return response.json<{ message: string }[]>().map((notice) => notice.message);
  }

  return {
    get,
    post,
    account,
    paket,
    bestellen,
    sandbox,
    aktiv,
    row,
    letzteZahlungsUrl,
    aboGuthaben,
    hatAboPrivileg,
    hinweise,
  };
}
