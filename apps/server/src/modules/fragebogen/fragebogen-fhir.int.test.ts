import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import type { Bundle, Questionnaire } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDeclaration } from '@dihs/contract/common/endpoint';
import {
  FRAGEBOGEN_FHIR_TEXTS,
  FRAGEBOGEN_TEXTS,
  fragebogenEndpoints as api,
  type FragebogenDefinition,
  type PatientFragebogen,
} from '@dihs/contract/fragebogen';
import { createAccountWorld } from '../../test/account-world.ts';
import type { InjectInput } from '../../test/inject-endpoint.ts';
import type { TestApp } from '../../test/test-app.ts';
import { fhirErrors } from '../auskunft/fhir.test-support.ts';
import { fragebogenDefinitionen, fragebogenFragen } from './fragebogen.table.ts';

/*
 * Questionnaire definitions in and out as FHIR R4 Questionnaire (issue 34 item 5), on both databases: the download
 * of every definition, the import as a new draft, the round trip, the hand-written example on the patient's side,
 * and each bad input refused in German with nothing stored.
 */

const world = createAccountWorld('fragebogen-fhir');
const { ids, account, call } = world;
let t: TestApp;

beforeAll(async () => {
  t = await world.start();
});
afterAll(() => world.close());

const OPERATOR = 'betreiber@demo.de';
const PATIENT = 'patient@demo.de';
const THERAPEUT = 'therapeut@demo.de';
const BEISPIEL = readFileSync(
  new URL('../../../../../docs/beispiele/fhir-fragebogen-lebensstil.json', import.meta.url),
  'utf8',
);

async function ok<T>(declaration: EndpointDeclaration, email: string, input: InjectInput<EndpointDeclaration> = {}) {
  const response = await call(declaration, email, input);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

/** The file in the form field `file`, as the web sends it. */
function upload(content: string | Buffer, name = 'fragebogen.json') {
  const boundary = '----fhir-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/fhir+json\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const importieren = (content: string | Buffer, email = OPERATOR) =>
  call(api.definitionImportieren, email, upload(content) as InjectInput<EndpointDeclaration>);
const herunterladen = (id: number, email = OPERATOR) => call(api.definitionFhir, email, { params: { id } });

const stored = async () => ({
  definitionen: (await t.db.select({ n: count() }).from(fragebogenDefinitionen))[0]!.n,
  fragen: (await t.db.select({ n: count() }).from(fragebogenFragen))[0]!.n,
});
/** Removes a draft made here, so that the next import may make one (only one draft at a time). */
const entwurfLoeschen = (id: number) => t.db.delete(fragebogenDefinitionen).where(eq(fragebogenDefinitionen.id, id));

/** A definition without its ids: title, and per question text, type, position, dependency (by index), condition. */
function ohneIds(d: FragebogenDefinition) {
  const index = new Map(d.fragen.map((f, i) => [f.id, i]));
  return {
    titel: d.titel,
    fragen: d.fragen.map((f) => ({
      frage: f.frage,
      typ: f.typ,
      position: f.position,
      abhaengigVon: f.abhaengigVonFrageId === null ? null : index.get(f.abhaengigVonFrageId),
      bedingung: f.abhaengigVonBedingung,
    })),
  };
}

describe('FHIR Questionnaire of the definitions', () => {
  it('is for operators with FRAGEBOGEN_EDITIEREN only', async () => {
    const [definition] = await ok<FragebogenDefinition[]>(api.definitionen, OPERATOR);
    const ohne = await account('BETREIBER');
    const vorher = await stored();
    for (const email of [PATIENT, THERAPEUT, ohne]) {
      expect((await herunterladen(definition!.id, email)).statusCode).toBe(403);
      expect((await importieren(BEISPIEL, email)).statusCode).toBe(403);
    }
    expect((await call(api.definitionFhir, null, { params: { id: definition!.id } })).statusCode).toBe(401);
    expect(await stored()).toEqual(vorher);
  });

  it('downloads every definition as a valid FHIR R4 Questionnaire file; an unknown id is 404', async () => {
    const definitionen = await ok<FragebogenDefinition[]>(api.definitionen, OPERATOR);
    expect(definitionen.length).toBeGreaterThan(0);
    for (const definition of definitionen) {
      const response = await herunterladen(definition.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="fragebogen-${definition.id}.fhir.json"`,
      );
      expect(response.headers['cache-control']).toBe('no-store');
      const questionnaire = response.json<Questionnaire>();
      expect(questionnaire.title).toBe(definition.titel);
      expect(questionnaire.url).toMatch(new RegExp(`/fhir/Questionnaire/fragebogen-${definition.id}$`));
      expect(questionnaire.item!.map((item) => item.linkId)).toEqual(definition.fragen.map((f) => String(f.id)));
      const conditions = definition.fragen.filter((f) => f.abhaengigVonFrageId !== null).length;
      expect(questionnaire.item!.filter((item) => item.enableWhen).length).toBe(conditions);
      const bundle: Bundle = { resourceType: 'Bundle', type: 'collection', entry: [{ resource: questionnaire }] };
      expect(fhirErrors(bundle)).toEqual([]);
    }
    const unknown = await herunterladen(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(FRAGEBOGEN_TEXTS.definitionNichtGefunden);
  });

  it('round trip: the download imported again is an equal definition, as a draft', async () => {
    const [published] = await ok<FragebogenDefinition[]>(api.definitionen, OPERATOR);
    expect(published!.fragen.some((f) => f.abhaengigVonFrageId !== null)).toBe(true);
    const file = (await herunterladen(published!.id)).body;
    const response = await importieren(file);
    expect(response.statusCode, response.body).toBe(200);
    const draft = response.json<FragebogenDefinition>();
    expect(draft.veroeffentlicht).toBeNull();
    expect(ohneIds(draft)).toEqual(ohneIds(published!));
    expect((await ok<FragebogenDefinition[]>(api.definitionen, OPERATOR))[0]!.id).toBe(draft.id);

    // a second import while the draft exists: refused, nothing stored
    const vorher = await stored();
    const second = await importieren(file);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(FRAGEBOGEN_TEXTS.entwurfVorhanden);
    expect(await stored()).toEqual(vorher);
    await entwurfLoeschen(draft.id);
  });

  it('keeps a script in a text as text', async () => {
    const file = JSON.stringify({
      resourceType: 'Questionnaire',
      status: 'draft',
      title: '<img src=x onerror="alert(1)">',
      item: [{ linkId: 'a', text: '<script>alert("x")</script>Ja?', type: 'boolean', required: true }],
    });
    const draft = await ok<FragebogenDefinition>(api.definitionImportieren, OPERATOR, upload(file));
    expect(draft.titel).toBe('<img src=x onerror="alert(1)">');
    expect(draft.fragen[0]!.frage).toBe('<script>alert("x")</script>Ja?');
    await entwurfLoeschen(draft.id);
  });
});

describe('bad imports: a German 400, nothing stored', () => {
  const frage = (linkId: string, extra: Record<string, unknown> = {}) => ({
    linkId,
    text: `Frage ${linkId}`,
    type: 'boolean',
    required: true,
    ...extra,
  });
  const questionnaire = (item: unknown[], extra: Record<string, unknown> = {}) =>
    JSON.stringify({ resourceType: 'Questionnaire', status: 'draft', title: 'Test', item, ...extra });
  const wenn = (question: string) => ({ enableWhen: [{ question, operator: '=', answerBoolean: true }] });

  const cases: [string, () => string | Buffer, string | RegExp][] = [
    ['not JSON', () => 'Das ist kein JSON {', FRAGEBOGEN_FHIR_TEXTS.keinJson],
    [
      'not a Questionnaire',
      () => JSON.stringify({ resourceType: 'Patient', id: '1' }),
      FRAGEBOGEN_FHIR_TEXTS.keinQuestionnaire,
    ],
    [
      'R5 instead of R4',
      () =>
        questionnaire([frage('1', { type: 'coding', answerConstraint: 'optionsOnly' })], {
          versionAlgorithmString: '1',
        }),
      FRAGEBOGEN_FHIR_TEXTS.r5('Element „versionAlgorithmString“'),
    ],
    [
      '5 MB',
      () => questionnaire([frage('1', { text: 'x'.repeat(5 * 1024 * 1024) })]),
      FRAGEBOGEN_FHIR_TEXTS.dateiZuGross,
    ],
    [
      'deeply nested',
      () => `{"resourceType":"Questionnaire","x":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      FRAGEBOGEN_FHIR_TEXTS.zuTief,
    ],
    [
      'a nested group',
      () => questionnaire([frage('g', { type: 'group', item: [frage('1')] })]),
      /^Frage „g“ \(„Frage g“\): Gruppen und verschachtelte Fragen/,
    ],
    [
      'an enableWhen on an unknown item',
      () => questionnaire([frage('1'), frage('2', wenn('9'))]),
      'Frage „2“ („Frage 2“): Die Bedingung („enableWhen“) verweist auf die unbekannte Frage „9“.',
    ],
    [
      'enableWhen forming a cycle',
      () => questionnaire([frage('1', wenn('3')), frage('2', wenn('1')), frage('3', wenn('2'))]),
      `Frage „1“ („Frage 1“): ${FRAGEBOGEN_TEXTS.abhaengigZyklus}`,
    ],
    [
      'an operator without equivalent',
      () =>
        questionnaire([
          frage('1'),
          frage('2', { enableWhen: [{ question: '1', operator: 'exists', answerBoolean: true }] }),
        ]),
      /^Frage „2“ \(„Frage 2“\): Den Operator „exists“/,
    ],
  ];

  it.each(cases)('%s', async (_, file, message) => {
    const vorher = await stored();
    const response = await importieren(file());
    expect(response.statusCode, response.body).toBe(400);
    const text = response.json<{ message: string }>().message;
    if (typeof message === 'string') expect(text).toBe(message);
    else expect(text).toMatch(message);
    expect(await stored()).toEqual(vorher);
  });
});

describe('the hand-written Questionnaire after the FHIR example f201 on the patient’s side', () => {
  it('imports, publishes, and the server keeps exactly the answers of the questions shown', async () => {
    const draft = await ok<FragebogenDefinition>(api.definitionImportieren, OPERATOR, upload(BEISPIEL));
    expect(draft.titel).toBe('Lebensstil und Allergien');
    const id = (text: string) => draft.fragen.find((f) => f.frage.startsWith(text))!.id;
    const fragen = draft.fragen.map(({ id, frage, typ, position, abhaengigVonFrageId, abhaengigVonBedingung }) => ({
      id,
      frage,
      typ,
      position,
      abhaengigVonFrageId,
      abhaengigVonBedingung,
    }));
    await ok(api.definitionVeroeffentlichen, OPERATOR, { body: { id: draft.id, titel: draft.titel, fragen } });

    const patient = await account('PATIENT');
    const bogen = await ok<PatientFragebogen>(api.neu, patient, { params: { patientId: ids[patient]! } });
    expect(bogen.titel).toBe('Lebensstil und Allergien');
    // no allergies (the follow-up hidden), smoker who has not tried to stop (only "Was hält Sie davon ab?")
    const antworten = [
      { frageId: id('Haben Sie Allergien?'), antwort: false },
      { frageId: id('Welche Allergien'), antwort: 'Pollen' },
      { frageId: id('Rauchen Sie?'), antwort: true },
      { frageId: id('Wie stark ist Ihr Verlangen'), antwort: 6 },
      { frageId: id('Haben Sie schon versucht'), antwort: false },
      { frageId: id('Was hat Ihnen dabei geholfen?'), antwort: 'Sport' },
      { frageId: id('Was hält Sie davon ab?'), antwort: 'Stress' },
    ];
    // "Trinken Sie Alkohol?" is shown and open: submitting is refused
    const offen = await call(api.abgeben, patient, { body: { id: bogen.id, antworten } });
    expect(offen.statusCode).toBe(400);
    expect(offen.json().message).toBe(FRAGEBOGEN_TEXTS.antwortFehlt);
    const abgegeben = await ok<PatientFragebogen>(api.abgeben, patient, {
      body: { id: bogen.id, antworten: [...antworten, { frageId: id('Trinken Sie Alkohol?'), antwort: true }] },
    });
    expect(abgegeben.antworten.filter((a) => a.antwort !== null).map((a) => a.frage.frage)).toEqual([
      'Haben Sie Allergien?',
      'Rauchen Sie?',
      'Wie stark ist Ihr Verlangen nach einer Zigarette (0 = keines, 10 = sehr stark)?',
      'Haben Sie schon versucht, mit dem Rauchen aufzuhören?',
      'Was hält Sie davon ab?',
      'Trinken Sie Alkohol?',
    ]);
  });
});
