import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardEndpoints, type DashboardTile, type DashboardTileOf } from '@dihs/contract/dashboard';
import { verwaltungEndpoints } from '@dihs/contract/verwaltung';
import { hashPassword } from '../../lib/password.ts';
import { injectEndpoint } from '../../test/inject-endpoint.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { AnamneseAngaben } from '@dihs/contract/anamnese';
import { anamnesen } from '../anamnese/anamnese.table.ts';
import { firmen } from '../firma/firma.table.ts';
import { fragebogenDefinitionen, patientFrageboegen } from '../fragebogen/fragebogen.table.ts';
import { addLedgerEntries } from '../guthaben/index.ts';
import { rezepte } from '../rezept/rezept.table.ts';
import { terminTeilnahmen, termine } from '../termin/termin.table.ts';
import { insertPerson } from '../profil/index.ts';
import { DEMO_PASSWORD, findUserByEmail, setUserFirma } from '../users/index.ts';

let t: TestApp;
let demoHash: string;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  demoHash = await hashPassword(DEMO_PASSWORD);
});
afterAll(() => t.close());

async function patient(vorname: string, firmaId: number | null = null) {
  const email = `cockpit-${counter++}@test.de`;
  const id = await t.db.transaction((tx) =>
    insertPerson(
      tx,
      { email, role: 'PATIENT', passwordHash: demoHash, emailConfirmed: true },
      { vorname, nachname: 'Test' },
    ),
  );
  if (firmaId !== null) await setUserFirma(t.db, id!, firmaId);
  return { id: id!, bearer: () => t.bearer(email) };
}

/** A booked appointment of the demo therapist for the patient, starting `minutes` from now. */
async function bookedTermin(patientUserId: number, minutes: number, befund: string) {
  const therapist = await findUserByEmail(t.db, 'therapeut@demo.de');
  const [termin] = await t.db
    .insert(termine)
    .values({
      datum: new Date(Date.now() + minutes * 60_000),
      dauer: 30,
      termintyp: 'EINZEL',
      befund,
      details: 'Cockpit-Test',
      therapeutUserId: therapist!.id,
      maxTeilnehmer: 1,
      anzahlTeilnehmer: 1,
      status: 'AKTIV',
    })
    .returning();
  await t.db
    .insert(terminTeilnahmen)
    .values({ terminId: termin!.id, patientUserId, status: 'GEBUCHT', zahlungsart: 'GUTHABEN' });
  return termin!.id;
}

const kacheln = async (bearer?: string) => injectEndpoint(t.app, dashboardEndpoints.kacheln, { authorization: bearer });
const ofKind = <K extends DashboardTile['kind']>(tiles: DashboardTile[], kind: K) =>
  tiles.filter((tile): tile is DashboardTileOf<K> => tile.kind === kind);

describe('GET /api/dashboard', () => {
  it('is for patients only', async () => {
    expect((await kacheln()).statusCode).toBe(401);
    expect((await kacheln(await t.bearer('therapeut@demo.de'))).statusCode).toBe(403);
    expect((await kacheln(await t.bearer('betreiber@demo.de'))).statusCode).toBe(403);
  });

  it("shows the patient's own name, appointment, credit and company, never another patient's", async () => {
    const [firma] = await t.db
      .insert(firmen)
      .values({
        bezeichner: 'Cockpit GmbH',
        logoPath: '/logo.png',
        logoLink: 'https://cockpit.example',
        linkTarget: true,
        hatLogo: true,
      })
      .returning();
    const anna = await patient('Anna', firma!.id);
    const bernd = await patient('Bernd');
    const annasTermin = await bookedTermin(anna.id, 5, 'Rücken');
    const berndsTermin = await bookedTermin(bernd.id, 60, 'Knie');
    await t.db.transaction((tx) =>
      addLedgerEntries(tx, [
        {
          patientUserId: anna.id,
          kind: 'bezahltEinzelTermin',
          delta: 3,
          reason: 'Test',
          idempotencyKey: `cockpit-${anna.id}`,
        },
      ]),
    );

    const response = await kacheln(await anna.bearer());
    expect(response.statusCode).toBe(200);
    const tiles = response.json<DashboardTile[]>();
    // the configured order: greeting first, then the time box, then the next appointment
    expect(tiles.slice(0, 3).map((tile) => tile.kind)).toEqual(['greeting', 'timeBox', 'nextTermin']);
    expect(ofKind(tiles, 'greeting')[0]!.name).toBe('Anna Test');
    const next = ofKind(tiles, 'nextTermin')[0]!;
    expect(next.termin).toMatchObject({
      id: annasTermin,
      titel: 'Video-Einzeltermin · Rücken',
      sitzungLink: `/video/therapie/patient/${annasTermin}`,
    });
    // within one kind the module list's order: the subscription (abo) before the credit (guthaben)
    expect(ofKind(tiles, 'termineUndLeistungen')).toEqual([
      expect.objectContaining({ link: '/patient/abo', leistung: { bereich: 'ABO', abo: null } }),
      expect.objectContaining({
        link: '/patient/guthaben',
        leistung: { bereich: 'GUTHABEN', guthaben: [{ label: 'Einzeltermine (bezahlt)', anzahl: 3 }] },
      }),
    ]);
    expect(ofKind(tiles, 'firma')).toEqual([
      expect.objectContaining({
        bezeichner: 'Cockpit GmbH',
        logoPath: '/logo.png',
        link: 'https://cockpit.example',
        neuerTab: true,
      }),
    ]);
    expect(JSON.stringify(tiles)).not.toContain('Bernd');
    expect(JSON.stringify(tiles)).not.toContain('Knie');

    const berndsTiles = (await kacheln(await bernd.bearer())).json<DashboardTile[]>();
    expect(ofKind(berndsTiles, 'nextTermin')[0]!.termin?.id).toBe(berndsTermin);
    expect(ofKind(berndsTiles, 'firma')).toEqual([]);
    expect(JSON.stringify(berndsTiles)).not.toContain('Anna');
    expect(JSON.stringify(berndsTiles)).not.toContain('Rücken');
  });

  it('invites to book when no appointment is booked and leaves out ended ones', async () => {
    const clara = await patient('Clara');
    await bookedTermin(clara.id, -120, 'Vorbei');
    const tiles = (await kacheln(await clara.bearer())).json<DashboardTile[]>();
    expect(ofKind(tiles, 'nextTermin')[0]).toMatchObject({ termin: null, link: '/patient/termine' });
  });

  it("shows the patient's open tasks (prescription under review, questionnaire draft) to that patient only", async () => {
    const eva = await patient('Eva');
    const fritz = await patient('Fritz');
    await t.db
      .insert(rezepte)
      .values({ patientUserId: eva.id, originalFilename: 'r.pdf', mediaType: 'application/pdf', anmerkung: '' });
    const [definition] = await t.db.select({ id: fragebogenDefinitionen.id }).from(fragebogenDefinitionen).limit(1);
    await t.db
      .insert(patientFrageboegen)
      .values({ patientUserId: eva.id, definitionId: definition!.id, titel: 'Befund' });

    const evasTasks = ofKind((await kacheln(await eva.bearer())).json<DashboardTile[]>(), 'personalTile');
    expect(evasTasks.map(({ titel, link }) => ({ titel, link }))).toEqual([
      { titel: 'Rezept in Prüfung', link: '/patient/rezepte' },
      { titel: 'Befundfragebogen fortsetzen', link: '/patient/fragebogen' },
      { titel: 'Anamnesebogen ausfüllen', link: '/anamnese' },
    ]);
    // Fritz has nothing open but the medical history every new patient is asked for
    const fritzTasks = ofKind((await kacheln(await fritz.bearer())).json<DashboardTile[]>(), 'personalTile');
    expect(fritzTasks.map(({ titel }) => titel)).toEqual(['Anamnesebogen ausfüllen']);
  });

  it('asks to sign an unsigned medical history and says nothing once it is signed', async () => {
    const gerda = await patient('Gerda');
    const heinz = await patient('Heinz');
    // the answers' shape is the anamnesis module's business; the tile reads only whether it is signed
    await t.db.insert(anamnesen).values([
      { patientUserId: gerda.id, angaben: {} as AnamneseAngaben, datenschutz: true },
      { patientUserId: heinz.id, angaben: {} as AnamneseAngaben, datenschutz: true, unterschrieben: true },
    ]);
    const tasks = async (bearer: string) =>
      ofKind((await kacheln(bearer)).json<DashboardTile[]>(), 'personalTile').map(({ titel }) => titel);
    expect(await tasks(await gerda.bearer())).toEqual(['Anamnese unterschreiben']);
    expect(await tasks(await heinz.bearer())).toEqual([]);
  });

  it("shows the operator's tiles and text; a badly formatted tile setting is refused in German", async () => {
    const operator = await t.bearer('betreiber@demo.de');
    const save = (type: string, value: string) =>
      injectEndpoint(t.app, verwaltungEndpoints.speichern, { authorization: operator, body: { type, value } });

    const bad = await save('COCKPIT_KACHELN', 'Nur ein Titel');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('Zeile 1: Bitte „Titel | Text | Link | Symbol“ angeben');
    const badLink = await save('COCKPIT_KACHELN', 'FAQ | Antworten | javascript:alert(1)');
    expect(badLink.statusCode).toBe(400);
    const badIcon = await save('COCKPIT_KACHELN', 'FAQ | Antworten | /faq | rakete');
    expect(badIcon.json<{ message: string }>().message).toContain('Unbekanntes Symbol „rakete“');

    expect(
      (await save('COCKPIT_KACHELN', 'FAQ | Antworten auf häufige Fragen | /faq | info\n\nSturz | Vorbeugen | /sturz'))
        .statusCode,
    ).toBe(200);
    expect((await save('COCKPIT_TEXT', 'Willkommen in Ihrer Praxis.')).statusCode).toBe(200);

    const dora = await patient('Dora');
    const tiles = (await kacheln(await dora.bearer())).json<DashboardTile[]>();
    // after the demo's own tiles, in the order of the lines
    expect(
      ofKind(tiles, 'staticTile')
        .map(({ titel, text, link, icon }) => ({ titel, text, link, icon }))
        .slice(-2),
    ).toEqual([
      { titel: 'FAQ', text: 'Antworten auf häufige Fragen', link: '/faq', icon: 'info' },
      { titel: 'Sturz', text: 'Vorbeugen', link: '/sturz', icon: 'info' },
    ]);
    expect(ofKind(tiles, 'leftText')).toContainEqual(
      expect.objectContaining({ text: 'Willkommen in Ihrer Praxis.', link: '/kontakt' }),
    );
    // the static tiles come last, as DASHBOARD_KINDS orders them
    expect(tiles.at(-1)!.kind).toBe('staticTile');
  });
});
