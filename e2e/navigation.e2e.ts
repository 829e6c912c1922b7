import { INHALT_TEXTS } from '@dihs/contract/inhalt';
import { NAVIGATION_TEXTS } from '@dihs/contract/navigation';
import AxeBuilder from '@axe-core/playwright';
import { type Locator, type Page } from '@playwright/test';
import { expect, login, sql, test } from './support/fixtures.ts';
import { settled } from './support/settled.ts';
import { scaled } from './support/slowness.ts';

/**
 * One editing story in order: the tests share the menu they build, and a save of the whole tree must not race with
 * another save. Every node they create is their own (named with a unique suffix); the demo entries stay as they are.
 */
test.describe.configure({ mode: 'serial', timeout: scaled(60_000) });

const suffix = `${process.pid}${Date.now()}`.slice(-9);
const MENU = `E2E Menü ${suffix}`;
const SUB = `E2E Untermenü ${suffix}`;
const A = { titel: `E2E Seite A ${suffix}`, url: `e2e-a-${suffix}` };
const B = { titel: `E2E Seite B ${suffix}`, url: `e2e-b-${suffix}` };

const starts = (text: string) => new RegExp(`^${text}`);

async function openEditor(page: Page) {
  await login(page, 'betreiber@demo.de', { via: 'api', to: '/navigation' });
  await expect(page.getByRole('heading', { level: 1, name: 'Navigation editieren' })).toBeVisible();
  const tree = page.getByRole('list', { name: 'Menübaum' });
  await expect(tree.getByRole('button', { name: /^Über uns/ })).toBeVisible();
  return tree;
}

async function create(page: Page, kind: 'Seite' | 'Menü', titel: string, url?: string) {
  await page.getByRole('button', { name: kind === 'Seite' ? 'Neue Seite erstellen' : 'Neues Menü erstellen' }).click();
  const dialog = page.getByRole('dialog', { name: kind === 'Seite' ? 'Neue Seite erstellen' : 'Neues Menü erstellen' });
  await dialog.getByLabel('Titel').fill(titel);
  if (url !== undefined) await dialog.getByLabel('Url').fill(url);
  await dialog.getByRole('button', { name: 'Erstellen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').getByText(`${kind} „${titel}“ wurde in`)).toBeVisible();
}

async function options(page: Page, tree: Locator, titel: string) {
  await tree.getByRole('button', { name: starts(titel) }).click();
  return page.getByRole('region', { name: `Optionen für ${titel}` });
}

/** Speichern, then the success dialog (after the confirm dialog, when pages are offered for deletion). */
async function saveAndConfirm(
  page: Page,
  choice?: { pages: string[]; button: 'In den Papierkorb' | 'Endgültig löschen' },
) {
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  if (choice) {
    const confirm = page.getByRole('dialog', { name: 'Seiten löschen?' });
    for (const text of choice.pages) await expect(confirm).toContainText(text);
    await confirm.getByRole('button', { name: choice.button }).click();
  }
  const success = page.getByRole('dialog', { name: NAVIGATION_TEXTS.erfolgTitel });
  await expect(success).toContainText(NAVIGATION_TEXTS.erfolgText);
  await success.getByRole('button', { name: 'OK' }).click();
  await expect(success).toBeHidden();
}

test('create a menu and pages, move them, save, and see them in the top bar', async ({ page, browser }) => {
  const tree = await openEditor(page);
  await tree.getByRole('button', { name: /^Über uns/ }).click();
  await settled(page);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  // nothing selected again: the new menu goes to the top level
  await page.reload();
  await expect(tree.getByRole('button', { name: /^Über uns/ })).toBeVisible();

  await create(page, 'Menü', MENU);
  await expect(page.getByRole('region', { name: `Optionen für ${MENU}` })).toBeVisible();
  // the new page goes into the selected menu; the url rules of spec 3 apply
  await page.getByRole('button', { name: 'Neue Seite erstellen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neue Seite erstellen' });
  await expect(dialog).toContainText(`kommt in: ${MENU}`);
  await dialog.getByLabel('Titel').fill(A.titel);
  await dialog.getByLabel('Url').fill('AGB');
  await expect(dialog.getByText(INHALT_TEXTS.urlBelegt)).toBeVisible();
  await dialog.getByLabel('Url').fill('mit/schraegstrich');
  await expect(dialog.getByText(INHALT_TEXTS.urlZeichen)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Erstellen' })).toBeDisabled();
  await dialog.getByLabel('Url').fill(A.url);
  await dialog.getByRole('button', { name: 'Erstellen' }).click();
  // next to the selected page A
  await create(page, 'Seite', B.titel, B.url);

  const optionsB = page.getByRole('region', { name: `Optionen für ${B.titel}` });
  await expect(optionsB.getByRole('button', { name: 'Nach unten' })).toBeDisabled();
  await optionsB.getByRole('button', { name: 'Nach oben' }).click();
  await expect(optionsB.getByRole('button', { name: 'Nach oben' })).toBeDisabled();

  await tree.getByRole('button', { name: starts(MENU) }).click();
  await create(page, 'Menü', SUB);
  const optionsA = await options(page, tree, A.titel);
  await optionsA.getByRole('combobox', { name: 'Übergeordnetes Menü' }).click();
  await page.getByRole('option', { name: SUB }).click();
  await expect(tree.getByRole('list', { name: `Einträge von ${SUB}` })).toContainText(A.titel);
  await expect(page.getByText(/Ungespeicherte Änderungen/)).toBeVisible();

  await saveAndConfirm(page);
  // the saved tree came back from the server with real ids
  const menuList = tree.getByRole('list', { name: `Einträge von ${MENU}` });
  await expect(menuList.getByRole('button')).toHaveText([
    new RegExp(`^${B.titel}/inhalt/${B.url}$`),
    new RegExp(`^${SUB}Menü$`),
    new RegExp(`^${A.titel}/inhalt/${A.url}$`),
  ]);

  // the top bar follows at once, for the editor and for a visitor
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: MENU }).click();
  await expect(page.getByRole('menuitem')).toHaveText([B.titel, A.titel]);
  await page.keyboard.press('Escape');

  const visitor = await browser.newPage();
  await visitor.goto('/');
  await visitor.getByRole('banner').getByRole('button', { name: MENU }).click();
  await visitor.getByRole('menuitem', { name: B.titel }).click();
  await expect(visitor).toHaveURL(`/inhalt/${B.url}`);
  await expect(visitor.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(B.titel);
  await visitor.close();
});

test('the page editor restricts a new page to therapists', async ({ page, browser }) => {
  await login(page, 'betreiber@demo.de', { via: 'api', to: `/inhalt/${B.url}` });
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  const form = page.getByRole('form', { name: 'Seite bearbeiten' });
  await expect(form.getByLabel('Url')).toHaveValue(B.url);
  await form.getByRole('combobox', { name: 'Berechtigte Rollen' }).click();
  await page.getByRole('option', { name: 'Therapeut' }).click();
  await page.keyboard.press('Escape');
  await form.getByRole('textbox', { name: 'Inhalt' }).click();
  await page.keyboard.type('Nur für Therapeuten.');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('main')).toContainText('Nur für Therapeuten.');

  const visitor = await browser.newPage();
  await visitor.goto(`/inhalt/${B.url}`);
  await expect(visitor).toHaveURL(/\/error\/401/);
  await expect(visitor.getByRole('main')).toContainText('Fehlende Berechtigung');
  await visitor.goto('/');
  await visitor.getByRole('banner').getByRole('button', { name: MENU }).click();
  await expect(visitor.getByRole('menuitem')).toHaveText([A.titel]);
  await visitor.close();

  const therapist = await browser.newPage();
  await login(therapist, 'therapeut@demo.de', { via: 'api', to: `/inhalt/${B.url}` });
  await expect(therapist.getByRole('main')).toContainText('Nur für Therapeuten.');
  await therapist.close();
});

test('delete a page into the trash, restore it, and delete it finally', async ({ page }) => {
  const tree = await openEditor(page);
  await (await options(page, tree, B.titel)).getByRole('button', { name: 'Seite löschen' }).click();
  await expect(tree.getByRole('button', { name: starts(B.titel) })).toHaveCount(0);
  await saveAndConfirm(page, { pages: [B.titel, `/inhalt/${B.url}`], button: 'In den Papierkorb' });

  const trash = page.getByRole('list', { name: 'Seiten im Papierkorb' });
  await expect(trash).toContainText(B.titel);
  await expect(page.getByRole('banner').getByRole('button', { name: MENU })).toBeVisible();
  const [row] = (await sql('select geloescht_am from seite where url = $1', [B.url])).rows as {
    geloescht_am: Date | null;
  }[];
  expect(row?.geloescht_am).not.toBeNull();

  await page.getByRole('button', { name: `${B.titel} wiederherstellen` }).click();
  await expect(trash).toHaveCount(0);
  // back with a menu entry at the end of the top level
  await expect(page.getByRole('list', { name: 'Menübaum' }).getByRole('button').last()).toHaveText(
    new RegExp(`^${B.titel}`),
  );

  await (await options(page, tree, B.titel)).getByRole('button', { name: 'Seite löschen' }).click();
  await saveAndConfirm(page, { pages: [B.titel], button: 'Endgültig löschen' });
  expect((await sql('select id from seite where url = $1', [B.url])).rowCount).toBe(0);
  await expect(page.getByRole('list', { name: 'Seiten im Papierkorb' })).toHaveCount(0);
});

test('a top-level menu goes only when empty; the test menu is removed again', async ({ page }) => {
  const tree = await openEditor(page);
  const menuOptions = await options(page, tree, MENU);
  await expect(menuOptions.getByRole('button', { name: 'Menü löschen' })).toBeDisabled();
  await expect(menuOptions).toContainText('Ein Hauptmenü kann nur gelöscht werden, wenn es leer ist.');

  // deleting the sub-menu moves page A up into the test menu
  await (await options(page, tree, SUB)).getByRole('button', { name: 'Menü löschen' }).click();
  await expect(tree.getByRole('list', { name: `Einträge von ${MENU}` })).toContainText(A.titel);
  await (await options(page, tree, A.titel)).getByRole('button', { name: 'Seite löschen' }).click();
  await saveAndConfirm(page, { pages: [A.titel, `/inhalt/${A.url}`], button: 'Endgültig löschen' });

  await (await options(page, tree, MENU)).getByRole('button', { name: 'Menü löschen' }).click();
  await saveAndConfirm(page);
  await expect(tree.getByRole('button', { name: starts(MENU) })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('button', { name: MENU })).toHaveCount(0);
  expect((await sql('select id from seite where url = $1', [A.url])).rowCount).toBe(0);
});
