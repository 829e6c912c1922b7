import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDeclaration } from '@dihs/contract/common/endpoint';
import {
  FRAGEBOGEN_TEXTS,
  fragebogenEndpoints as api,
  type FragebogenDefinition,
  type FrageEingabe,
  type PatientFragebogen,
} from '@dihs/contract/fragebogen';
import { createAccountWorld } from '../../test/account-world.ts';
import type { InjectInput } from '../../test/inject-endpoint.ts';
import type { TestApp } from '../../test/test-app.ts';

// patients made here have no appointment: no therapist has them in care
const world = createAccountWorld('fragebogen');
const { ids, account, call } = world;
let t: TestApp;

beforeAll(async () => {
  t = await world.start();
});
afterAll(() => world.close());

async function ok<T>(declaration: EndpointDeclaration, email: string, input: InjectInput<EndpointDeclaration> = {}) {
  const response = await call(declaration, email, input);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const eingabe = (fragen: FragebogenDefinition['fragen']): FrageEingabe[] =>
  fragen.map(({ id, frage, typ, position, abhaengigVonFrageId, abhaengigVonBedingung }) => ({
    id,
    frage,
    typ,
    position,
    abhaengigVonFrageId,
    abhaengigVonBedingung,
  }));

const OPERATOR = 'betreiber@demo.de';
const PATIENT = 'patient@demo.de';
/** Has patient@demo.de in care: a booked (past) appointment in the demo world. */
const THERAPEUT = 'therapeut@demo.de';

describe('questionnaire definitions', () => {
  let draft: FragebogenDefinition;

  it('are the operators’ with FRAGEBOGEN_EDITIEREN only', async () => {
    const ohne = await account('BETREIBER');
    for (const email of [PATIENT, THERAPEUT, ohne]) {
      expect((await call(api.definitionen, email)).statusCode).toBe(403);
      expect((await call(api.definitionNeu, email)).statusCode).toBe(403);
    }
    expect((await call(api.definitionen, null)).statusCode).toBe(401);
  });

  it('start a draft as a copy of the newest published one; a second draft is refused', async () => {
    const [published] = await ok<FragebogenDefinition[]>(api.definitionen, OPERATOR);
    expect(published!.veroeffentlicht).not.toBeNull();
    draft = await ok<FragebogenDefinition>(api.definitionNeu, OPERATOR);
    expect(draft.veroeffentlicht).toBeNull();
    expect(draft.titel).toBe(published!.titel);
    expect(draft.fragen.map((f) => f.frage)).toEqual(published!.fragen.map((f) => f.frage));
    // the copied dependency points at the copy, not at the published question
    const kopie = draft.fragen.find((f) => f.abhaengigVonFrageId !== null)!;
    expect(draft.fragen.map((f) => f.id)).toContain(kopie.abhaengigVonFrageId);

    const second = await call(api.definitionNeu, OPERATOR);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(FRAGEBOGEN_TEXTS.entwurfVorhanden);
    const list = await ok<FragebogenDefinition[]>(api.definitionen, OPERATOR);
    expect(list[0]!.id).toBe(draft.id);
  });

  it('add and remove questions; removing one others depend on is refused', async () => {
    draft = await ok(api.frageHinzufuegen, OPERATOR, { body: { fragebogenId: draft.id, typ: 'WAHRHEITSWERT' } });
    const neu = draft.fragen.at(-1)!;
    expect(neu).toMatchObject({ frage: 'Neue Frage', typ: 'WAHRHEITSWERT', aktiv: true });
    expect(neu.position).toBe(Math.max(...draft.fragen.slice(0, -1).map((f) => f.position ?? 0)) + 1);

    const traeger = draft.fragen.find((f) => draft.fragen.some((g) => g.abhaengigVonFrageId === f.id))!;
    const refused = await call(api.frageEntfernen, OPERATOR, { body: { id: traeger.id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(FRAGEBOGEN_TEXTS.abhaengigeFragen);

    const extra = await ok<FragebogenDefinition>(api.frageHinzufuegen, OPERATOR, { body: { fragebogenId: draft.id } });
    const removed = await ok<FragebogenDefinition>(api.frageEntfernen, OPERATOR, {
      body: { id: extra.fragen.at(-1)!.id },
    });
    expect(removed.fragen.map((f) => f.id)).toEqual(draft.fragen.map((f) => f.id));
    expect((await call(api.frageEntfernen, OPERATOR, { body: { id: extra.fragen.at(-1)!.id } })).statusCode).toBe(404);
  });

  it('refuse a dependency on a non-boolean question, on itself, in a cycle, or on a foreign question', async () => {
    const fragen = eingabe(draft.fragen);
    const bool = fragen.find((f) => f.typ === 'WAHRHEITSWERT' && f.abhaengigVonFrageId === null)!;
    const skala = fragen.find((f) => f.typ === 'SKALA')!;
    const neu = fragen.at(-1)!;
    const variant = (change: (list: FrageEingabe[]) => void) => {
      const copy = fragen.map((f) => ({ ...f }));
      change(copy);
      return { id: draft.id, titel: draft.titel, fragen: copy };
    };
    const cases: [string, ReturnType<typeof variant>][] = [
      [
        FRAGEBOGEN_TEXTS.abhaengigNurJaNein,
        variant((l) => Object.assign(l.at(-1)!, { abhaengigVonFrageId: skala.id, abhaengigVonBedingung: true })),
      ],
      [
        FRAGEBOGEN_TEXTS.abhaengigSelbst,
        variant((l) => Object.assign(l.at(-1)!, { abhaengigVonFrageId: neu.id, abhaengigVonBedingung: true })),
      ],
      [
        FRAGEBOGEN_TEXTS.abhaengigZyklus,
        variant((l) => {
          Object.assign(
            l.find((f) => f.id === bool.id)!,
            { abhaengigVonFrageId: neu.id, abhaengigVonBedingung: true },
          );
          Object.assign(l.at(-1)!, { abhaengigVonFrageId: bool.id, abhaengigVonBedingung: false });
        }),
      ],
      [
        FRAGEBOGEN_TEXTS.abhaengigFremd,
        variant((l) => Object.assign(l.at(-1)!, { abhaengigVonFrageId: 999_999, abhaengigVonBedingung: true })),
      ],
    ];
    for (const [message, body] of cases) {
      const response = await call(api.definitionSpeichern, OPERATOR, { body });
      expect(response.statusCode).toBe(400);
      // schema messages name the field they belong to
      expect(response.json().message).toContain(message);
    }
    // a list that is not the draft's active questions
    const missing = await call(api.definitionSpeichern, OPERATOR, {
      body: { id: draft.id, titel: 'X', fragen: fragen.slice(0, -1) },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(FRAGEBOGEN_TEXTS.fragenUnvollstaendig);
    const unchanged = await ok<FragebogenDefinition[]>(api.definitionen, OPERATOR);
    expect(unchanged[0]!.fragen.find((f) => f.id === neu.id)!.abhaengigVonFrageId).toBeNull();
  });

  it('publish saves and sets the date; afterwards the definition is read-only, in the database too', async () => {
    const fragen = eingabe(draft.fragen);
    const bool = fragen.find((f) => f.typ === 'WAHRHEITSWERT' && f.abhaengigVonFrageId === null)!;
    Object.assign(fragen.at(-1)!, {
      frage: 'Nehmen Sie dafür Medikamente?',
      abhaengigVonFrageId: bool.id,
      abhaengigVonBedingung: true,
    });
    const body = { id: draft.id, titel: 'Befundfragebogen Rücken (2)', fragen };
    const saved = await ok<FragebogenDefinition>(api.definitionSpeichern, OPERATOR, { body });
    expect(saved.veroeffentlicht).toBeNull();
    expect(saved.fragen.at(-1)!.frage).toBe('Nehmen Sie dafür Medikamente?');
    const published = await ok<FragebogenDefinition>(api.definitionVeroeffentlichen, OPERATOR, { body });
    expect(published.veroeffentlicht).not.toBeNull();
    expect(published.titel).toBe('Befundfragebogen Rücken (2)');

    for (const [declaration, input] of [
      [api.definitionSpeichern, { body }],
      [api.definitionVeroeffentlichen, { body }],
      [api.frageHinzufuegen, { body: { fragebogenId: draft.id } }],
      [api.frageEntfernen, { body: { id: fragen[0]!.id } }],
    ] as const) {
      const response = await call(declaration, OPERATOR, input);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(FRAGEBOGEN_TEXTS.veroeffentlicht);
    }
    await expect(
      t.db.execute(sql`update fragebogen_frage set frage = 'x' where id = ${fragen[0]!.id}`),
    ).rejects.toThrow();
    await expect(
      t.db.execute(sql`update fragebogen_definition set titel = 'x' where id = ${draft.id}`),
    ).rejects.toThrow();
    draft = published;
  });

  it('answer bad input with 400 in German', async () => {
    for (const body of [
      { id: 1, titel: '', fragen: [] },
      { id: 1, titel: 'x'.repeat(101), fragen: [] },
      { id: 'eins', titel: 'X', fragen: [] },
      {
        id: 1,
        titel: 'X',
        fragen: [
          { id: 1, frage: 'F', typ: 'ZAHL', position: 1, abhaengigVonFrageId: null, abhaengigVonBedingung: null },
        ],
      },
    ]) {
      const response = await call(api.definitionSpeichern, OPERATOR, { body });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/[äöüÄÖÜß]|Titel|Frage|ID|Länge/);
    }
  });
});

describe('a patient’s questionnaires', () => {
  let bogen: PatientFragebogen;
  const frage = (text: string) => bogen.antworten.find((a) => a.frage.frage === text)!.frage;

  it('a patient starts one draft against the newest published definition; a second is refused', async () => {
    bogen = await ok<PatientFragebogen>(api.neu, PATIENT, { params: { patientId: ids[PATIENT] } });
    expect(bogen.titel).toBe('Befundfragebogen Rücken (2)');
    expect(bogen.veroeffentlicht).toBeNull();
    expect(bogen.antworten.every((a) => a.antwort === null)).toBe(true);
    const second = await call(api.neu, PATIENT, { params: { patientId: ids[PATIENT] } });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(FRAGEBOGEN_TEXTS.patientEntwurfVorhanden);
    const list = await ok<PatientFragebogen[]>(api.eigene, PATIENT);
    expect(list[0]!.id).toBe(bogen.id);
    // the demo world's submitted one follows the draft
    expect(list[1]!.veroeffentlicht).not.toBeNull();
  });

  it('refuses answers of the wrong type, to foreign questions, and 100,000 characters of text', async () => {
    const skala = frage('Wie stark sind die Schmerzen heute?');
    const text = frage('Was möchten Sie mit der Therapie erreichen?');
    const fremd = (await ok<PatientFragebogen[]>(api.eigene, PATIENT))[1]!.antworten[0]!.frage;
    const cases: [unknown, string][] = [
      [{ frageId: skala.id, antwort: 'viel' }, FRAGEBOGEN_TEXTS.antwortSkala],
      [{ frageId: skala.id, antwort: 11 }, FRAGEBOGEN_TEXTS.antwortSkala],
      [{ frageId: skala.id, antwort: 2.5 }, FRAGEBOGEN_TEXTS.antwortSkala],
      [{ frageId: text.id, antwort: true }, FRAGEBOGEN_TEXTS.antwortFreitext],
      [{ frageId: fremd.id, antwort: true }, FRAGEBOGEN_TEXTS.antwortFremd],
      [{ frageId: text.id, antwort: 'x'.repeat(100_000) }, 'Maximale Länge beachten'],
    ];
    for (const [antwort, message] of cases) {
      const response = await call(api.speichern, PATIENT, { body: { id: bogen.id, antworten: [antwort] } });
      expect(response.statusCode, JSON.stringify(antwort).slice(0, 80)).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });

  it('refuses to submit while a shown question is empty, and changes nothing', async () => {
    const schmerzen = frage('Haben Sie aktuell Schmerzen?');
    const staerke = frage('Wie stark sind die Schmerzen heute?');
    const response = await call(api.abgeben, PATIENT, {
      body: {
        id: bogen.id,
        antworten: [
          { frageId: schmerzen.id, antwort: true },
          { frageId: staerke.id, antwort: 5 },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(FRAGEBOGEN_TEXTS.antwortFehlt);
    const after = (await ok<PatientFragebogen[]>(api.eigene, PATIENT))[0]!;
    expect(after.veroeffentlicht).toBeNull();
    expect(after.antworten.every((a) => a.antwort === null)).toBe(true);
  });

  it('submits with hidden questions unanswered and drops the answers given to hidden ones', async () => {
    const schmerzen = frage('Haben Sie aktuell Schmerzen?');
    const antworten = bogen.antworten.map((a) => {
      const wert =
        a.frage.id === schmerzen.id
          ? false
          : a.frage.typ === 'SKALA'
            ? 4
            : a.frage.typ === 'WAHRHEITSWERT'
              ? true
              : 'Beweglicher werden';
      return { frageId: a.frage.id, antwort: wert };
    });
    // the follow-ups of "Schmerzen? Nein" are hidden: one left empty, the others answered anyway
    const hidden = bogen.antworten
      .filter((a) => a.frage.frageAbhaengigVonFrage === schmerzen.id)
      .map((a) => a.frage.id);
    expect(hidden.length).toBeGreaterThan(1);
    const given = antworten.map((a) => (a.frageId === hidden[0] ? { ...a, antwort: null } : a));
    const saved = await ok<PatientFragebogen>(api.speichern, PATIENT, { body: { id: bogen.id, antworten: given } });
    expect(saved.veroeffentlicht).toBeNull();
    const submitted = await ok<PatientFragebogen>(api.abgeben, PATIENT, { body: { id: bogen.id, antworten: given } });
    expect(submitted.veroeffentlicht).not.toBeNull();
    for (const id of hidden) expect(submitted.antworten.find((a) => a.frage.id === id)!.antwort).toBeNull();
    expect(submitted.antworten.find((a) => a.frage.id === schmerzen.id)!.antwort).toBe(false);
    bogen = submitted;

    const again = await call(api.speichern, PATIENT, { body: { id: bogen.id, antworten: [] } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(FRAGEBOGEN_TEXTS.abgegeben);
    await expect(
      t.db.execute(
        sql`update patient_fragebogen_antwort set antwort = '"x"' where patient_fragebogen_id = ${bogen.id}`,
      ),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`update patient_fragebogen set titel = 'x' where id = ${bogen.id}`)).rejects.toThrow();
    // who started it is account data: clearing it (the foreign key's ON DELETE SET NULL) stays possible
    await t.db.execute(sql`update patient_fragebogen set erstellt_von = null where id = ${bogen.id}`);
  });

  it('the PDF carries every shown question with its answer and the state', async () => {
    const response = await call(api.pdf, PATIENT, { params: { id: bogen.id } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain('Befundfragebogen Rücken (2)');
    expect(text).toContain('Haben Sie aktuell Schmerzen?');
    expect(text).toContain('Nein');
    expect(text).toContain('Beweglicher werden');
    expect(text).toContain('4/10');
    expect(text).toContain('abgegeben am');
    expect(text).not.toContain('Wie stark sind die Schmerzen heute?');
  });

  it('reach only the patient, therapists with the patient in care and privileged operators', async () => {
    const other = await account('PATIENT');
    const ohne = await account('BETREIBER');
    const mit = await account('BETREIBER', ['FRAGEBOGEN_EDITIEREN']);
    const fremderTherapeut = await account('THERAPEUT');
    const params = { patientId: ids[PATIENT] };
    for (const email of [other, ohne, fremderTherapeut]) {
      expect((await call(api.vonPatient, email, { params })).statusCode).toBe(403);
      expect((await call(api.neu, email, { params })).statusCode).toBe(403);
      expect((await call(api.pdf, email, { params: { id: bogen.id } })).statusCode).toBe(403);
      expect((await call(api.speichern, email, { body: { id: bogen.id, antworten: [] } })).statusCode).toBe(403);
    }
    for (const email of [THERAPEUT, mit, PATIENT]) {
      const list = await ok<PatientFragebogen[]>(api.vonPatient, email, { params });
      expect(list.map((b) => b.id)).toContain(bogen.id);
    }
    // a therapist in care starts the next one for the patient
    const started = await ok<PatientFragebogen>(api.neu, THERAPEUT, { params });
    expect(started.patientId).toBe(ids[PATIENT]);
    // an operator on a user who is no patient: 404, not someone's records
    const notPatient = await call(api.vonPatient, mit, { params: { patientId: ids[THERAPEUT] } });
    expect(notPatient.statusCode).toBe(404);
    expect((await call(api.vonPatient, mit, { params: { patientId: 'abc' } })).statusCode).toBe(400);
    expect((await call(api.speichern, PATIENT, { body: { id: 999_999, antworten: [] } })).statusCode).toBe(404);
  });

  it('are erased with the patient and exported for the patient', async () => {
    const { fragebogenModule } = await import('./fragebogen.module.ts');
    const exported = await fragebogenModule.exportPatient!(t.db, ids[PATIENT]!, t.services);
    expect(exported.patient_fragebogen!.length).toBeGreaterThan(1);
    expect(exported.patient_fragebogen_antwort!.length).toBeGreaterThan(0);
    await t.db.transaction((tx) => fragebogenModule.erasePatient!(tx, ids[PATIENT]!, t.services));
    expect((await ok<PatientFragebogen[]>(api.eigene, PATIENT)).length).toBe(0);
  });
});
