import { privilegeCode } from '@dihs/contract/common/roles';
import { createAccount, expect, login, sql, test } from './support/fixtures.ts';
import { pickerInput } from './support/pickers.ts';
import { scaled } from './support/slowness.ts';

/** A fresh account with a profile (createAccount makes none), optionally in the demo company. */
async function account(
  role: 'BETREIBER' | 'PATIENT',
  name: [string, string],
  options: { privileges?: number[]; inFirma?: boolean } = {},
): Promise<{ email: string; id: number }> {
  const email = await createAccount(role, options.privileges ?? []);
  const { rows } = await sql('select id from benutzer where email = $1', [email]);
  const id = rows[0].id as number;
  await sql('insert into profil (user_id, vorname, nachname) values ($1, $2, $3)', [id, name[0], name[1]]);
  if (options.inFirma) {
    await sql(
      `update benutzer set firma_id = (select firma_id from benutzer where email = 'firmenpatient@demo.de') where id = $1`,
      [id],
    );
  }
  return { email, id };
}

test.describe('subscriptions', () => {
  test('a patient books a subscription through the sandbox checkout, cancels it and withdraws the cancellation', async ({
    page,
  }) => {
    // a whole flow through shop, provider, profile and back: longer than one page's test
    test.setTimeout(scaled(60_000));
    const patient = await account('PATIENT', ['Anna', 'Abonnentin']);
    await login(page, patient.email, { via: 'api' });

    await page.goto('/patient/abo');
    await expect(page.getByRole('heading', { level: 1, name: 'IHR ABO' })).toBeVisible();
    const card = page.getByRole('article', { name: 'Abo Basis' });
    await expect(card.getByText('89,00 €')).toBeVisible();
    await expect(card.getByText('pro Quartal inkl. MwSt')).toBeVisible();
    await card.getByRole('button', { name: 'Abo „Abo Basis“ buchen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Weiter zum Bezahlvorgang für das Abo:' });
    await expect(confirm.getByText('Abo Basis')).toBeVisible();
    await confirm.getByRole('button', { name: 'Jetzt buchen' }).click();

    // the provider's (sandbox) checkout, then back to the profile once paid
    await expect(page.getByRole('heading', { name: 'Testzahlung' })).toBeVisible();
    await expect(page.getByText('89,00 € inkl. MwSt')).toBeVisible();
    await page.getByRole('button', { name: 'Bezahlen' }).click();
    await expect(page).toHaveURL(/\/profil$/);
    const abo = page.getByRole('region', { name: 'Abo', exact: true });
    // the webhook arrives asynchronously; the block reads the status again until it is confirmed
    await expect(abo.getByRole('group', { name: 'Status' })).toContainText('Aktiv', { timeout: scaled(15_000) });
    await expect(abo.getByRole('group', { name: 'Abopaket' })).toContainText(
      '2 Einzeltermine, 2 Gruppentermine, 1 Trainingsplan, 1 Befundtermin je Buchungsintervall · Laufzeit 12 Monate · Kündigungsfrist 3 Monate · Buchungsrhythmus 3 Monate',
    );
    await expect(abo.getByRole('group', { name: 'Letztmöglicher Kündigungstag' })).toBeVisible();
    await expect(abo.getByRole('group', { name: 'Buchungsdatum' })).toBeVisible();

    const bestaetigung = page.waitForEvent('download');
    await abo.getByRole('button', { name: 'Abobestätigung (PDF)' }).click();
    expect((await bestaetigung).suggestedFilename()).toBe('abobestaetigung.pdf');

    // cancel: to the end of the term, the page reloads on OK
    await abo.getByRole('button', { name: 'Abo kündigen' }).click();
    await page.getByRole('dialog', { name: 'Abo kündigen?' }).getByRole('button', { name: 'Kündigen' }).click();
    const cancelled = page.getByRole('dialog', { name: 'Abo gekündigt' });
    await expect(cancelled).toContainText(/Das Abo wurde zum \d{2}\.\d{2}\.\d{4} gekündigt\./);
    const datum = /zum (\d{2}\.\d{2}\.\d{4})/.exec((await cancelled.textContent()) ?? '')?.[1] ?? '';
    await cancelled.getByRole('button', { name: 'OK' }).click();
    await expect(abo.getByRole('group', { name: 'Vertragsende' })).toContainText(`${datum} (Gekündigt)`);
    await expect(abo.getByRole('button', { name: 'Abo kündigen' })).toBeHidden();

    const kuendigung = page.waitForEvent('download');
    await abo.getByRole('button', { name: 'Kündigungsbestätigung (PDF)' }).click();
    expect((await kuendigung).suggestedFilename()).toBe('abokuendigungsbestaetigung.pdf');

    // withdraw the cancellation
    await abo.getByRole('button', { name: 'Kündigung widerrufen' }).click();
    const withdrawn = page.getByRole('dialog', { name: 'Kündigung widerrufen' });
    await expect(withdrawn).toContainText('Die Kündigung wurde widerrufen.');
    await withdrawn.getByRole('button', { name: 'OK' }).click();
    await expect(abo.getByRole('button', { name: 'Abo kündigen' })).toBeVisible();
    await expect(abo.getByRole('button', { name: 'Kündigung widerrufen' })).toBeHidden();
    await expect(abo.getByRole('group', { name: 'Vertragsende' })).toContainText('Kein Vertragsende festgelegt');

    // with a running subscription the shop books no second one
    await page.goto('/patient/abo');
    await expect(page.getByText('Sie haben bereits das Abo „Abo Basis“.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abo „Abo Basis“ buchen' })).toBeDisabled();
  });

  test('an operator creates a package, assigns it to a patient of a company and ends the company subscription', async ({
    page,
  }) => {
    // a whole flow through shop, provider, profile and back: longer than one page's test
    test.setTimeout(scaled(60_000));
    const operator = await account('BETREIBER', ['Olga', 'Operator'], {
      privileges: [privilegeCode('ABOPAKETE_VERWALTEN')],
    });
    const patient = await account('PATIENT', ['Franz', 'Firmenpatient'], { inFirma: true });
    const title = `E2E Paket ${Date.now() % 100000}`;
    await login(page, operator.email, { via: 'api' });

    await page.goto('/betreiber/abo/pakete');
    await expect(page.getByRole('heading', { level: 1, name: 'Abopakete verwalten' })).toBeVisible();
    await page.getByRole('button', { name: 'Neues Abopaket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neues Abopaket' });
    // the defaults of spec 3 section 3
    await expect(dialog.getByRole('textbox', { name: /^LZ – Laufzeit/ })).toHaveValue('12');
    await expect(dialog.getByRole('textbox', { name: /^BR – Buchungsrhythmus/ })).toHaveValue('3');
    await expect(dialog.getByRole('textbox', { name: /^KF – Kündigungsfrist/ })).toHaveValue('3');
    await expect(dialog.getByRole('textbox', { name: /^TP – Trainingspläne/ })).toHaveValue('1');
    await expect(dialog.getByRole('textbox', { name: /^BT – Befundtermine/ })).toHaveValue('1');
    await expect(dialog.getByRole('textbox', { name: /^ET – Einzeltermine/ })).toHaveValue('0');
    const save = dialog.getByRole('button', { name: 'Speichern' });
    await expect(save).toBeDisabled();

    await dialog.getByRole('textbox', { name: 'Titel' }).fill(title);
    await dialog.getByRole('textbox', { name: /^BR – Buchungsrhythmus/ }).fill('5');
    await expect(dialog.getByText('Das Buchungsinterval muss durch die Laufzeit teilbar sein sein')).toBeVisible();
    await expect(save).toBeDisabled();
    await dialog.getByRole('textbox', { name: /^BR – Buchungsrhythmus/ }).fill('3');
    await dialog.getByRole('textbox', { name: /^ET – Einzeltermine/ }).fill('');
    await expect(dialog.getByText('Die Anzahl darf nicht leer sein.')).toBeVisible();
    await dialog.getByRole('textbox', { name: /^ET – Einzeltermine/ }).fill('2');
    await dialog.getByRole('textbox', { name: /^Kosten je Buchungsintervall/ }).fill('49,90');
    await dialog.getByLabel('Aktiv (kann zugewiesen werden)').check();
    await save.click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText('ET 2 · GT 0 · TP 1 · BT 1 · LZ 12 · KF 3 · BR 3');
    await expect(row).toContainText('49,90 € / 3 Monate');

    // assign it on the patient's profile: a patient of a company gets a company subscription
    await page.goto(`/profil/${patient.id}`);
    const abo = page.getByRole('region', { name: 'Abo', exact: true });
    await expect(abo.getByText('Der Patient hat kein Abo.')).toBeVisible();
    await abo.getByRole('combobox', { name: 'Abopaket' }).click();
    await page.getByRole('option', { name: new RegExp(`^${title} – ET 2`) }).click();
    await abo.getByRole('button', { name: 'Abo zuweisen' }).click();
    const assigned = page.getByRole('dialog', { name: 'Abo', exact: true });
    await expect(assigned).toContainText('Das Abo wurde zugewiesen.');
    await assigned.getByRole('button', { name: 'OK' }).click();
    await expect(abo.getByRole('group', { name: 'Status' })).toContainText('Aktiv');
    await expect(abo.getByRole('group', { name: 'Abopaket' })).toContainText('Firmenabo');

    // ending without a date is refused; the default is yesterday and ends it at once
    // the German date picker (not the profile row of the same name): every section cleared
    const endeFeld = abo.getByRole('group', { name: 'Vertragsende' }).filter({ has: page.getByRole('spinbutton') });
    const ende = pickerInput(endeFeld);
    await endeFeld.getByRole('spinbutton').first().click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    await abo.getByRole('button', { name: 'Firmenabo beenden' }).click();
    const refused = page.getByRole('dialog', { name: 'Firmenabo beenden' });
    await expect(refused).toContainText('Beenden nicht möglich. Bitte wählen Sie ein Vertragsende.');
    await refused.getByRole('button', { name: 'OK' }).click();
    await page.reload();
    await expect(ende).not.toHaveValue('');
    await abo.getByRole('button', { name: 'Firmenabo beenden' }).click();
    const ended = page.getByRole('dialog', { name: 'Abo', exact: true });
    await expect(ended).toContainText(/Das Firmenabo endet mit Ablauf des \d{2}\.\d{2}\.\d{4}\./);
    await ended.getByRole('button', { name: 'OK' }).click();
    await expect(abo.getByText('Der Patient hat kein Abo.')).toBeVisible();
  });
});
