import { privilegeCode } from '@dihs/contract/common/roles';
import { createAccount, expect, login, test } from './support/fixtures.ts';

test('an operator creates, edits and deletes a company (/betreiber/firmenverwaltung)', async ({ page }) => {
  const operator = await createAccount('BETREIBER', [privilegeCode('BENUTZER_VERWALTEN')]);
  const name = `E2E Firma ${process.pid}-${Date.now()}`;
  const renamed = `${name} umbenannt`;
  await login(page, operator, { via: 'api', to: '/betreiber/firmenverwaltung' });
  await expect(page.getByRole('heading', { level: 1, name: 'Firmen verwalten' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Firmen' })).toContainText('Demo GmbH');

  // create, with the rule message of an empty title first
  await page.getByRole('button', { name: 'Neue Firma' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neue Firma' });
  const title = dialog.getByLabel('Titel');
  await title.fill('x');
  await title.fill('');
  await expect(dialog.getByText('Der Titel darf nicht leer sein.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  await title.fill(name);
  await dialog.getByLabel('Logo-Link', { exact: true }).fill('https://firma.example');
  await dialog.getByLabel('Logo-Link in neuem Tab öffnen').check();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('https://firma.example');

  // a name that exists is refused in the dialog
  await page.getByRole('button', { name: 'Neue Firma' }).click();
  await page.getByRole('dialog', { name: 'Neue Firma' }).getByLabel('Titel').fill(name.toUpperCase());
  await page.getByRole('dialog', { name: 'Neue Firma' }).getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('dialog', { name: 'Neue Firma' })).toContainText(
    'Eine Firma mit diesem Titel existiert bereits.',
  );
  await page.getByRole('dialog', { name: 'Neue Firma' }).getByRole('button', { name: 'Abbrechen' }).click();

  // edit
  await page.getByRole('button', { name: `Firma „${name}“ bearbeiten` }).click();
  const edit = page.getByRole('dialog', { name: 'Firma bearbeiten' });
  await expect(edit.getByLabel('Titel')).toHaveValue(name);
  await edit.getByLabel('Titel').fill(renamed);
  await edit.getByRole('button', { name: 'Speichern' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(renamed) })).toBeVisible();

  // delete after the confirmation
  await page.getByRole('button', { name: `Firma „${renamed}“ löschen` }).click();
  const confirm = page.getByRole('dialog', { name: 'Firma löschen?' });
  await expect(confirm).toContainText(renamed);
  await confirm.getByRole('button', { name: 'Löschen' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(renamed) })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Firmen' })).toContainText('Demo GmbH');
});
