import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { AUSKUNFT_TEXTS, datenauskunftDateiname, fhirDateiname, UEBERMITTLUNG_TEXTS } from '@dihs/contract/auskunft';
import { privilegeCode } from '@dihs/contract/common/roles';
import { createAccount, expect, login, sql, test } from './support/fixtures.ts';
import { settled } from './support/settled.ts';

test('a patient downloads all own data from the profile as one JSON file and as a FHIR R4 Bundle', async ({ page }) => {
  const email = await createAccount('PATIENT');
  const { rows } = await sql('select id from benutzer where email = $1', [email]);
  const id = rows[0].id as number;
  await sql("insert into profil (user_id, vorname, nachname) values ($1, 'Dora', 'Daten')", [id]);
  await login(page, email, { via: 'api', to: '/profil' });

  const section = page.getByRole('region', { name: AUSKUNFT_TEXTS.titel });
  await expect(section.getByText(AUSKUNFT_TEXTS.erklaerung)).toBeVisible();
  await settled(page);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // the download waits for the warning that the file is unencrypted health data (O.Data_2)
  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await section.getByRole('button', { name: AUSKUNFT_TEXTS.button }).click();
  const dialog = page.getByRole('dialog', { name: AUSKUNFT_TEXTS.warnungTitel });
  await expect(dialog.getByText(AUSKUNFT_TEXTS.warnung)).toBeVisible();
  await settled(page);
  const dialogAxe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(
    dialogAxe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  expect(downloaded).toBe(false);

  await section.getByRole('button', { name: AUSKUNFT_TEXTS.button }).click();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: AUSKUNFT_TEXTS.warnungBestaetigen }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(datenauskunftDateiname());
  const data = JSON.parse(readFileSync(await file.path(), 'utf8')) as Record<string, unknown>;
  expect(Object.keys(data).slice(0, 4)).toEqual(['format', 'formatVersion', 'erstelltAm', 'benutzerId']);
  expect(data).toMatchObject({
    format: 'dihs-datenauskunft',
    benutzerId: id,
    users: { benutzer: [{ id, email }] },
    profil: { profil: [{ vorname: 'Dora', nachname: 'Daten' }] },
  });

  // the same record as an HL7 FHIR R4 Bundle another practice's system reads (docs/fhir.md), after the same warning
  await section.getByRole('button', { name: AUSKUNFT_TEXTS.fhirButton }).click();
  await expect(dialog.getByText(AUSKUNFT_TEXTS.warnung)).toBeVisible();
  const fhirDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: AUSKUNFT_TEXTS.warnungBestaetigen }).click();
  const fhirFile = await fhirDownload;
  expect(fhirFile.suggestedFilename()).toBe(fhirDateiname());
  const bundle = JSON.parse(readFileSync(await fhirFile.path(), 'utf8')) as {
    resourceType: string;
    type: string;
    entry: { fullUrl: string; resource: { resourceType: string; name?: { family?: string; given?: string[] }[] } }[];
  };
  expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
  const patient = bundle.entry.find((entry) => entry.resource.resourceType === 'Patient');
  expect(patient?.fullUrl).toMatch(/^urn:uuid:/);
  expect(patient?.resource.name?.[0]).toMatchObject({ family: 'Daten', given: ['Dora'] });
});

test("an operator hands a patient's FHIR record to another practice with a recorded reason", async ({ page }) => {
  const patient = await createAccount('PATIENT');
  const { rows } = await sql('select id from benutzer where email = $1', [patient]);
  const patientId = (rows[0] as { id: number }).id;
  await sql("insert into profil (user_id, vorname, nachname) values ($1, 'Ulla', 'Übergabe')", [patientId]);
  await sql("insert into dokumentation (patient_user_id, beitrag) values ($1, 'Knie frei beweglich.')", [patientId]);
  const operator = await createAccount('BETREIBER', [
    privilegeCode('BENUTZER_VERWALTEN'),
    privilegeCode('PATIENTENDATEN_UEBERMITTELN'),
  ]);
  await login(page, operator, { via: 'api', to: `/profil/${patientId}` });

  const section = page.getByRole('region', { name: UEBERMITTLUNG_TEXTS.titel });
  await expect(section.getByText(UEBERMITTLUNG_TEXTS.erklaerung)).toBeVisible();
  await section.getByRole('button', { name: UEBERMITTLUNG_TEXTS.button }).click();
  const dialog = page.getByRole('dialog', { name: UEBERMITTLUNG_TEXTS.dialogTitel });
  await expect(dialog.getByText(AUSKUNFT_TEXTS.warnung)).toBeVisible();
  // no transfer without a reason the patient can read later
  const grund = dialog.getByRole('textbox', { name: UEBERMITTLUNG_TEXTS.grund });
  await grund.fill('kurz');
  await grund.blur();
  await expect(dialog.getByText(UEBERMITTLUNG_TEXTS.grundZuKurz)).toBeVisible();
  await expect(dialog.getByRole('button', { name: UEBERMITTLUNG_TEXTS.bestaetigen })).toBeDisabled();
  await settled(page);
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  const reason = 'Weiterbehandlung in der Praxis Dr. Beispiel, Anfrage vom 27.11.';
  await grund.fill(reason);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: UEBERMITTLUNG_TEXTS.bestaetigen }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(fhirDateiname());
  const bundle = JSON.parse(readFileSync(await file.path(), 'utf8')) as {
    resourceType: string;
    type: string;
    entry: {
      resource: {
        resourceType: string;
        identifier?: { value: string }[];
        name?: { family?: string }[];
        type?: { coding?: { code: string }[] };
      };
    }[];
  };
  expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
  const patientResource = bundle.entry.find((entry) => entry.resource.resourceType === 'Patient')?.resource;
  expect(patientResource?.name?.[0]?.family).toBe('Übergabe');
  expect(patientResource?.identifier?.[0]?.value).toBe(String(patientId));
  // the documentation goes with it, as a progress note (LOINC 11506-3)
  const notes = bundle.entry.filter((entry) => entry.resource.type?.coding?.[0]?.code === '11506-3');
  expect(notes).toHaveLength(1);
  await expect(dialog).toBeHidden();
  const stored = await sql('select grund from fhir_uebermittlung where patient_user_id = $1', [patientId]);
  expect(stored.rows).toEqual([{ grund: reason }]);
});
