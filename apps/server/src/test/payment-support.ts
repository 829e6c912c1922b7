import type { Privilege, Role } from '@dihs/contract/common/roles';
import { privilegeCode } from '@dihs/contract/common/roles';
import type { TestApp } from './test-app.ts';
import { TEST_JWT_SECRET } from './test-app.ts';
import { users } from '../modules/users/users.table.ts';
import {
  newSandboxEvent,
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_WEBHOOK_PATH,
  type SandboxEventType,
  sandboxSecret,
  signSandboxPayload,
} from '../modules/zahlung/sandbox.provider.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { zahlungEndpoints } from '@dihs/contract/zahlung';
import { recordRegistrationConsent } from '../modules/einwilligung/index.ts';

/** Posts a sandbox webhook signed with the test server's secret (or a given signature). */
export function postSandboxWebhook(
  t: TestApp,
  type: SandboxEventType,
  paymentId: number,
  options: { eventId?: string; transactionId?: string; signature?: string; timestamp?: number; body?: string } = {},
) {
  const event = {
    ...newSandboxEvent(type, paymentId, options.transactionId),
    ...(options.eventId ? { id: options.eventId } : {}),
  };
  const payload = options.body ?? JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: SANDBOX_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]:
        options.signature ?? signSandboxPayload(sandboxSecret(TEST_JWT_SECRET), payload, options.timestamp),
    },
    payload,
  });
}

let counter = 0;
/** A fresh account and a bearer for it, without a password login (the session gate reads the stored account). */
export async function accountWithBearer(
  t: TestApp,
  role: Role,
  privileges: Privilege[] = [],
  options: { emailConfirmed?: boolean } = {},
): Promise<{ id: number; email: string; bearer: string }> {
  counter++;
  const email = `${role.toLowerCase()}-${Date.now()}-${counter}@test.de`;
  const codes = privileges.map(privilegeCode);
  const [row] = await t.db
    .insert(users)
    .values({ email, role, privileges: codes, passwordHash: 'x', emailConfirmed: options.emailConfirmed ?? true })
    .returning();
  // a patient as registration leaves one: consented to the current texts, so booking is not held (einwilligung)
  if (role === 'PATIENT') await t.db.transaction((tx) => recordRegistrationConsent(tx, row!.id));
  const bearer = await t.sessionBearer({ id: row!.id, email, role, privileges: codes });
  return { id: row!.id, email, bearer };
}

/** The checkout token in a payment address. */
export const tokenOf = (url: string) => {
  const token = /\/api\/zahlung\/checkout\/([A-Za-z0-9_-]+)$/.exec(url)?.[1];
  if (!token) throw new Error(`Keine Zahlungsadresse: ${url}`);
  return token;
};

/** Submits a button of the sandbox checkout page like the browser's form does. */
export const pressSandboxButton = (t: TestApp, token: string, aktion: string) =>
  t.app.inject({
    method: 'POST',
    url: apiUrl(zahlungEndpoints.sandboxSeite, { params: { token } }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `aktion=${encodeURIComponent(aktion)}`,
  });
