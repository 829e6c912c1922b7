import AxeBuilder from '@axe-core/playwright';
import { privilegeCode } from '@dihs/contract/common/roles';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { trainingEndpoints } from '@dihs/contract/training';
import type { Page, Response } from '@playwright/test';
import { baseUrl, createAccount, expect, login, sql, test } from './support/fixtures.ts';
import { settled } from './support/settled.ts';
import { demoPlanFor } from './support/training-helpers.ts';
import { scaled } from './support/slowness.ts';

async function userId(email: string): Promise<number> {
  const { rows } = await sql('select id from benutzer where email = $1', [email]);
  return rows[0].id as number;
}

/** A fresh patient with a name and a running subscription (HAT_ABO), in the care of the therapist. */
async function patientInCare(therapistEmail: string, name: [string, string]) {
  const email = await createAccount('PATIENT', [privilegeCode('HAT_ABO')]);
  const id = await userId(email);
  await sql('insert into profil (user_id, vorname, nachname) values ($1, $2, $3)', [id, ...name]);
  // an earlier, empty plan by the therapist: the care relation of the training module
  await sql(
    `insert into trainingsplan_set (patient_user_id, therapeut_user_id, valid_from)
     values ($1, $2, now() - interval '30 days')`,
    [id, await userId(therapistEmail)],
  );
  return { email, id };
}

/** The answer to a reordering (entry a to position b): its address up to the two ids. */
const MOVE_PREFIX = apiUrl(trainingEndpoints.eintragVerschieben, { params: { a: 0, b: 0 } }).replace(/0\/0$/, '');
const isMove = (response: Response) => new URL(response.url()).pathname.startsWith(MOVE_PREFIX);

async function expectAccessible(page: Page) {
  await settled(page);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

test('a therapist creates an exercise, a template and a plan from it, and reorders by keyboard and by drag', async ({
  page,
}) => {
  // one flow through three screens (exercise, template, plan) with two reorderings
  test.setTimeout(scaled(90_000));
  const therapist = await createAccount('THERAPEUT', [
    privilegeCode('UEBUNGEN_VERWALTEN_THERAPEUT'),
    privilegeCode('TRAININGSPLAN_VORLAGEN_VERWALTEN'),
  ]);
  const patient = await patientInCare(therapist, ['Paula', 'Plan']);
  const titel = `Wadenheben ${Date.now() % 100000}`;
  // every therapist's templates are offered for a new plan: a name of this run only, so a retry finds one
  const vorlage = `Achillessehne ${Date.now() % 100000}`;

  await login(page, therapist, { via: 'api', to: '/betreiber/uebungen' });
  await page.getByRole('button', { name: 'Neue Übung' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neue Übung' });
  await dialog.getByLabel('Titel').fill(titel);
  await dialog.getByLabel('Beschreibung').fill('Auf die Zehenspitzen gehen und langsam absenken.');
  await dialog.getByLabel('Video-Url').fill('https://example.com/video/1');
  await expect(dialog.getByText('Gültige Url eingeben')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  await dialog.getByLabel('Video-Url').fill('https://vimeo.com/76979871');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Titel filtern').fill(titel);
  await expect(page.getByRole('button', { name: `${titel} bearbeiten` })).toBeVisible();
  await expectAccessible(page);

  // a template with the new exercise and a demo exercise
  await page.goto('/therapeut/trainingsplanvorlagen');
  await page.getByRole('button', { name: 'Neue Vorlage', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Neue Vorlage', exact: true })).toBeDisabled();
  const befund = page.getByLabel('Befund');
  await befund.fill(vorlage);
  await page.getByRole('button', { name: 'Umbenennen' }).click();
  await expect(page.getByRole('list', { name: 'Vorlagen' }).getByText(vorlage)).toBeVisible();
  for (const name of [titel, 'Schulterkreisen']) {
    await page.getByLabel('Titel filtern').fill(name);
    // the filtered page has arrived (the previous one stays shown while it loads)
    await expect(page.getByRole('list', { name: 'Übungen', exact: true }).getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: `${name} hinzufügen` }).click();
    const add = page.getByRole('dialog', { name: 'Übung zu Vorlage hinzufügen' });
    await expect(add).toBeVisible();
    await add.getByRole('button', { name: 'Speichern' }).click();
    await expect(add).toBeHidden();
  }
  await expect(page.getByRole('button', { name: 'Neue Vorlage', exact: true })).toBeEnabled();

  // the plan from the template
  await page.goto(`/therapeut/trainingsplan/${patient.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Trainingsplan von Paula Plan' })).toBeVisible();
  await page.getByRole('button', { name: 'Neuer Trainingsplan' }).click();
  const neu = page.getByRole('dialog', { name: 'Neuer Trainingsplan' });
  await expect(neu.getByRole('combobox', { name: 'Vorlage:' })).toHaveText('Leerer Plan');
  await neu.getByRole('combobox', { name: 'Vorlage:' }).click();
  await page.getByRole('option', { name: vorlage }).click();
  await neu.getByRole('button', { name: 'Erstellen' }).click();
  await expect(neu).toBeHidden();
  await expect(page.getByRole('alert').getByText(/^Trainingsplan „Paula Plan, ab .+“ wurde angelegt\.$/)).toBeVisible();
  const karten = page.getByTestId('plan-karte');
  await expect(karten).toHaveCount(2);
  await expect(karten.nth(0)).toContainText(`1. ${titel}`);
  await expect(karten.nth(1)).toContainText('2. Schulterkreisen');
  await expectAccessible(page);

  // by keyboard: pick up the second card, move it up, drop it
  const griff = page.getByRole('button', { name: 'Schulterkreisen verschieben (Position 2)' });
  // a click focuses the handle without dragging (drags start after 4 px); the closed dialog has returned its focus
  await griff.click();
  await expect(griff).toBeFocused();
  const keyboardMove = page.waitForResponse(isMove);
  // each step waits for dnd-kit's state: picked up, then the announcement of the new place
  await page.keyboard.press('Space');
  await expect(griff).toHaveAttribute('aria-pressed', 'true');
  // dnd-kit moves only once it has measured the cards; on a busy machine the first arrow may come too early, and at
  // the top a further arrow changes nothing
  await expect(async () => {
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('status').filter({ hasText: 'Schulterkreisen über Position 1.' })).toBeAttached({
      timeout: scaled(1000),
    });
  }).toPass({ timeout: scaled(10_000) });
  await page.keyboard.press('Space');
  await expect(karten.nth(0)).toContainText('1. Schulterkreisen');
  expect((await keyboardMove).status()).toBe(200);
  await page.reload();
  // the plan again from the server (slow on a loaded machine: the page loads anew)
  await expect(karten.nth(0)).toContainText('1. Schulterkreisen', { timeout: scaled(15_000) });
  await expect(karten.nth(1)).toContainText(`2. ${titel}`);

  // by mouse: drag the second card's handle onto the first card
  const handle = page.getByRole('button', { name: `${titel} verschieben (Position 2)` });
  const from = (await handle.boundingBox())!;
  const to = (await karten.nth(0).boundingBox())!;
  const mouseMove = page.waitForResponse(isMove);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(to.x + 30, to.y + 5, { steps: 10 });
  await page.mouse.up();
  await expect(karten.nth(0)).toContainText(`1. ${titel}`);
  expect((await mouseMove).status()).toBe(200);
  await page.reload();
  await expect(karten.nth(0)).toContainText(`1. ${titel}`, { timeout: scaled(15_000) });
});

test('the patient marks an exercise done with a pain rating, the video loads only on request, the therapist sees it', async ({
  page,
  browser,
}) => {
  const patient = await patientInCare('therapeut@demo.de', ['Till', 'Treu']);
  await demoPlanFor(patient.id);
  const fremd: string[] = [];
  const own = new URL(baseUrl()).origin;
  page.on('request', (request) => {
    if (!request.url().startsWith(own) && !request.url().startsWith('data:')) fremd.push(request.url());
  });

  await login(page, patient.email, { via: 'api', to: '/patient/trainingsplan' });
  await expect(page.getByRole('heading', { level: 1, name: 'IHR TRAININGSPLAN TILL TREU' })).toBeVisible();
  const karte = page.getByRole('listitem').filter({ hasText: 'Katzenbuckel im Vierfüßlerstand' });
  await expect(karte.getByText('Dauer 60 s · Anzahl 10 · Sätze 3 · Pause 30 s')).toBeVisible();
  await expect(karte.getByText('Erst beim Abspielen wird das Video von Vimeo geladen')).toBeVisible();
  await expectAccessible(page);

  await karte.getByRole('combobox', { name: 'Schmerz dabei (0–10)' }).selectOption('3');
  const gespeichert = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname === apiUrl(trainingEndpoints.erledigt),
  );
  await karte.getByRole('checkbox', { name: 'Heute erledigt' }).click();
  // the tick shows at once, before the server's answer; the page is left only once it is stored
  await expect(karte.getByRole('checkbox', { name: 'Heute erledigt' })).toBeChecked();
  expect((await gespeichert).status()).toBe(200);
  await page.reload();
  await expect(karte.getByRole('checkbox', { name: 'Heute erledigt' })).toBeChecked();
  expect(fremd).toEqual([]);

  // the host's player only after the click (Zwei-Klick-Lösung)
  await karte.getByRole('button', { name: /Video „Katzenbuckel im Vierfüßlerstand“ von Vimeo abspielen/ }).click();
  await expect(karte.locator('iframe')).toHaveAttribute('src', /^https:\/\/player\.vimeo\.com\/video\/76979871\?dnt=1/);

  const therapist = await browser.newContext({ baseURL: baseUrl() });
  const therapistPage = await therapist.newPage();
  await login(therapistPage, 'therapeut@demo.de', { via: 'api', to: `/therapeut/trainingsplan/${patient.id}` });
  await expect(therapistPage.getByRole('heading', { level: 1, name: 'Trainingsplan von Till Treu' })).toBeVisible();
  const eintrag = therapistPage.getByTestId('plan-karte').filter({ hasText: 'Katzenbuckel im Vierfüßlerstand' });
  await expect(eintrag.getByText('In den letzten 14 Tagen an 1 Tag erledigt · Schmerz (0–10): 3')).toBeVisible();
  await expect(therapistPage.getByText('Trainingstreue (14 Tage): 33 %')).toBeVisible();
  await therapist.close();
});
