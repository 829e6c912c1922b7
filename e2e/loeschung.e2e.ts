import { createAccount, expect, login, sql, test } from './support/fixtures.ts';
import { scaled } from './support/slowness.ts';

test('an operator deletes a patient permanently through the red dialog, and the patient is gone', async ({ page }) => {
  test.setTimeout(scaled(60_000));
  const email = await createAccount('PATIENT');
  const { rows } = await sql(
    `insert into profil (user_id, vorname, nachname, geburtsdatum)
     select id, 'Lotte', 'Löschbar', '1971-07-17' from benutzer where email = $1 returning user_id`,
    [email],
  );
  const patientId = (rows[0] as { user_id: number }).user_id;

  await login(page, 'betreiber@demo.de', { via: 'api', to: `/profil/${patientId}` });
  await expect(page.getByRole('heading', { level: 1, name: 'Lotte Löschbar' })).toBeVisible();
  await page.getByRole('button', { name: 'Patient endgültig löschen' }).click();

  const dialog = page.getByRole('dialog', { name: 'Patient endgültig löschen' });
  await expect(dialog).toContainText('Das kann nicht rückgängig gemacht werden.');
  await dialog.getByRole('button', { name: 'Löschvorgang starten' }).click();
  const confirm = dialog.getByRole('button', { name: 'Endgültig löschen' });
  await dialog.getByLabel('Bestätigung').fill('löschen');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Bestätigung').fill('LÖSCHEN');
  await expect(confirm).toBeDisabled();
  // enabled only after the six-second wait of spec 1, section 2.9
  await expect(confirm).toBeEnabled({ timeout: scaled(9_000) });
  await confirm.click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  await expect(page).toHaveURL('/');

  await expect
    .poll(
      async (): Promise<unknown> =>
        (await sql(`select count(*)::int as n from profil where nachname = 'Löschbar'`)).rows[0],
    )
    .toEqual({ n: 0 });
  const account = await sql(`select email, aktiv, geloescht_am from benutzer where id = $1`, [patientId]);
  expect(account.rows[0]).toMatchObject({ email: `geloescht-${patientId}@geloescht.invalid`, aktiv: false });
});
