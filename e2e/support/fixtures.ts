import { test as base, expect, type Page } from '@playwright/test';
import pg from 'pg';

export const DEMO_PASSWORD = 'Demo#2026';

export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL fehlt: global-setup lief nicht');
  return url;
};

/** Runs one statement against the test database (for accounts a test needs for itself). */
export async function sql(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

let counter = 0;
/**
 * A fresh account of its own for a test that changes account state (lock, second factor), with the demo
 * password. Privileges are codes.
 */
export async function createAccount(
  role: 'BETREIBER' | 'THERAPEUT' | 'PATIENT',
  privileges: number[] = [],
  extra: { secondFactorSecret?: string } = {},
): Promise<string> {
  const email = `e2e-${role.toLowerCase()}-${process.pid}-${Date.now()}-${counter++}@test.de`;
  await sql(
    `insert into benutzer (email, password_hash, rolle, privileges, email_confirmed, second_factor_secret)
     select $1, password_hash, $2, $3, true, $4 from benutzer where email = 'patient@demo.de'`,
    [email, role, privileges, extra.secondFactorSecret ?? null],
  );
  return email;
}

/** Opens the login dialog from the top bar and logs in; waits until the dialog is gone. */
export async function login(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByLabel('E-Mail').fill(email);
  await dialog.getByLabel('Passwort', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog).toBeHidden();
}

export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(baseUrl());
  },
});
export { expect };
