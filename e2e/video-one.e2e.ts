import { expect, sql, test } from './support/fixtures.ts';
import { expectReceiving, oneOnOneSession, patientJoins, therapistPath, useVideoBrowser } from './support/video.ts';
import { scaled } from './support/slowness.ts';

useVideoBrowser(90_000);

test('one-on-one: waiting room, then each side receives real video frames', async ({ browser }) => {
  const { termin, patient, t, p } = await oneOnOneSession(browser);

  await patientJoins(p.page, termin.id);
  await expect(p.page.getByText('Bitte warten Sie, der Therapeut tritt der Sitzung gleich bei.')).toBeVisible();

  await t.page.goto(therapistPath(termin.id));
  await expect(p.page.getByText('Bitte warten Sie, der Therapeut tritt der Sitzung gleich bei.')).toBeHidden({
    timeout: scaled(15_000),
  });
  await expectReceiving(t.page, patient.id);
  await expectReceiving(p.page, termin.therapist.id);

  // joining is recorded (beigetreten) and so is taking part with the therapist (teilgenommen)
  await expect
    .poll(async () => {
      const { rows } = await sql('select beigetreten, teilgenommen from termin_teilnahme where termin_id = $1', [
        termin.id,
      ]);
      return rows[0] as { beigetreten: boolean; teilgenommen: boolean };
    })
    .toEqual({ beigetreten: true, teilgenommen: true });

  await p.page.getByRole('button', { name: 'Sitzung verlassen' }).click();
  await expect(p.page.getByRole('dialog', { name: 'Termin beendet' })).toBeVisible();
  await p.page.getByRole('button', { name: 'OK' }).click();
  await expect(p.page).toHaveURL(/\/cockpit$/);
  await p.context.close();
  await t.context.close();
});

test('mute is reflected on the other side, a report is raised and ended, the session ends', async ({ browser }) => {
  const { termin, patient, t, p } = await oneOnOneSession(browser);
  await t.page.goto(therapistPath(termin.id));
  await expect(t.page.getByText('Noch keine Teilnehmer in der Sitzung.')).toBeVisible({ timeout: scaled(15_000) });
  await patientJoins(p.page, termin.id);
  await expectReceiving(p.page, termin.therapist.id);

  const member = t.page.locator(`li[data-member-id="${patient.id}"]`);
  await expect(member).toContainText(patient.name);
  await p.page.getByRole('button', { name: 'Mikrofon stummschalten' }).click();
  await expect(member).toContainText('Mikrofon aus');
  await p.page.getByRole('button', { name: 'Mikrofon einschalten' }).click();
  await expect(member).not.toContainText('Mikrofon aus');

  await p.page.getByRole('button', { name: 'Melden' }).click();
  const meldung = t.page.locator(`li[data-meldung-id="${patient.id}"]`);
  await expect(meldung).toContainText(`${patient.name} meldet sich`);
  await t.page.getByRole('button', { name: `Meldung von ${patient.name} beenden` }).click();
  await expect(meldung).toBeHidden();
  await expect(p.page.getByRole('button', { name: 'Melden' })).toHaveAttribute('aria-pressed', 'false');

  // ending for everyone asks first; cancelling keeps the session running
  await t.page.getByRole('button', { name: 'Sitzung beenden' }).click();
  const confirm = t.page.getByRole('dialog', { name: 'Sitzung für alle beenden?' });
  await confirm.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(confirm).toBeHidden();
  await expect(p.page.getByRole('dialog', { name: 'Sitzung beendet' })).toHaveCount(0);
  await t.page.getByRole('button', { name: 'Sitzung beenden' }).click();
  await confirm.getByRole('button', { name: 'Für alle beenden' }).click();
  await expect(p.page.getByRole('dialog', { name: 'Sitzung beendet' })).toBeVisible({ timeout: scaled(15_000) });
  await expect(t.page.getByRole('dialog', { name: 'Sitzung beendet' })).toBeVisible();
  await t.page.getByRole('button', { name: 'OK' }).click();
  await expect(t.page).toHaveURL(/\/therapeut\/termine$/);

  // an ended session cannot be joined again
  await p.page.goto(`/video/therapie/patient/${termin.id}`);
  await expect(p.page.getByRole('alert')).toContainText('Sitzung beendet');
  await p.context.close();
  await t.context.close();
});
