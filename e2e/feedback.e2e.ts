import { FEEDBACK_TEXTS } from '@dihs/contract/feedback';
import { expect, test } from './support/fixtures.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { feedbackEndpoints } from '@dihs/contract/feedback';

test('a visitor sends feedback on /kontakt and the operators receive it by e-mail', async ({ page, waitForMail }) => {
  const text = `Die Videotherapie hat gut geklappt (${process.pid}-${Date.now()}).`;
  await page.goto('/kontakt');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Kontakt');
  const form = page.getByRole('form', { name: 'Feedback' });
  const submit = form.getByRole('button', { name: 'Feedback senden' });
  await expect(submit).toBeDisabled();

  await form.getByLabel('E-Mail').fill('kein-at-zeichen');
  await form.getByLabel('Feedback').fill(text);
  await expect(form.getByText('E-Mail ist nicht valide.')).toBeVisible();
  await expect(submit).toBeDisabled();
  await form.getByLabel('E-Mail').fill('Anna.Feedback@example.de');
  await expect(form.getByText('24/100')).toBeVisible();
  await submit.click();

  await expect(form.getByText(FEEDBACK_TEXTS.erfolg)).toBeVisible();
  await expect(form.getByLabel('Feedback')).toHaveValue('');
  const mail = await waitForMail('betreiber@demo.de', /Neues Feedback/);
  expect(mail.text).toContain(text);
  expect(mail.text).toContain('Absender: anna.feedback@example.de');
});

test('a failed send says so and keeps the text', async ({ page }) => {
  await page.route(`**${apiUrl(feedbackEndpoints.senden)}`, (route) => route.fulfill({ status: 503, body: '' }));
  await page.goto('/kontakt');
  const form = page.getByRole('form', { name: 'Feedback' });
  await form.getByLabel('Feedback').fill('Hallo');
  await form.getByRole('button', { name: 'Feedback senden' }).click();
  await expect(form.getByText(FEEDBACK_TEXTS.fehler)).toBeVisible();
  await expect(form.getByLabel('Feedback')).toHaveValue('Hallo');
});
