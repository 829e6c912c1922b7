import { expect, login, sql, test } from './support/fixtures.ts';

test('a therapist sees its active appointment with the participant list and can start the session in time', async ({
  page,
}) => {
  const befund = `E2E Sitzung ${process.pid % 1000}-${Date.now() % 100000}`;
  // starts in 5 minutes, so the start window (10 minutes before) is open; patient@demo.de holds a seat
  const inserted = await sql(
    `insert into termin (datum, dauer, termintyp, befund, details, therapeut_user_id, max_teilnehmer, anzahl_teilnehmer, status)
     select now() + interval '5 minutes', 30, 'GRUPPE', $1, 'E2E Gruppe', id, 5, 1, 'AKTIV'
     from benutzer where email = 'therapeut@demo.de' returning id`,
    [befund],
  );
  const terminId = (inserted.rows[0] as { id: number }).id;
  await sql(
    `insert into termin_teilnahme (termin_id, patient_user_id, status, zahlungsart)
     select $1, id, 'GEBUCHT', 'GUTHABEN' from benutzer where email = 'patient@demo.de'`,
    [terminId],
  );

  await login(page, 'therapeut@demo.de', { via: 'api', to: `/therapeut/termine/${terminId}` });
  await expect(page.getByRole('heading', { level: 1, name: 'TERMINPLAN' })).toBeVisible();

  const card = page.getByRole('region', { name: new RegExp(befund) });
  const participants = card.getByRole('list', { name: `Teilnehmer: ${befund}` });
  // the demo therapist has no company, so the participant is a link to the profile
  await expect(participants.getByRole('link', { name: 'Paula Patientin' })).toHaveAttribute('href', /^\/profil\/\d+$/);
  await expect(card.getByRole('link', { name: 'Sitzung starten' })).toHaveAttribute(
    'href',
    `/video/therapie/therapeut/${terminId}`,
  );

  // the demo appointment two days ahead is outside the window: its button is disabled
  const later = page.getByRole('region', { name: /^Rückenschmerzen –/ }).first();
  await expect(later.getByRole('button', { name: 'Sitzung starten' })).toBeDisabled();
});
