import { readFileSync } from 'node:fs';
import type { Bundle, Questionnaire, QuestionnaireItem } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import {
  FRAGEBOGEN_FHIR_TEXTS,
  FRAGEBOGEN_TEXTS,
  sichtbareFragen,
  type AntwortWert,
  type FragebogenDefinition,
} from '@dihs/contract/fragebogen';
import { HttpError } from '../../lib/http-error.ts';
import { fhirErrors } from '../auskunft/fhir.test-support.ts';
import {
  FHIR_EXTENSION,
  fhirJsonLesen,
  fragebogenAlsQuestionnaire,
  questionnaireAlsFragebogen,
  type ImportFragebogen,
} from './fragebogen-fhir.ts';

/** The Questionnaire written by hand after the FHIR R4 example f201, with enableWhen (docs/fhir.md). */
const BEISPIEL_PFAD = new URL('../../../../../docs/beispiele/fhir-fragebogen-lebensstil.json', import.meta.url);

const frage = (
  id: number,
  text: string,
  typ: 'FREITEXT' | 'SKALA' | 'WAHRHEITSWERT',
  position: number | null,
  abhaengig: [number, boolean] | null = null,
) => ({
  id,
  frage: text,
  typ,
  position,
  abhaengigVonFrageId: abhaengig?.[0] ?? null,
  abhaengigVonBedingung: abhaengig?.[1] ?? null,
  fragebogenId: 3,
  aktiv: true,
});

const DEFINITION: FragebogenDefinition = {
  id: 3,
  titel: 'Befundfragebogen Rücken',
  veroeffentlicht: '2026-11-20T10:00:00.000Z',
  fragen: [
    frage(11, 'Haben Sie aktuell Schmerzen?', 'WAHRHEITSWERT', 1),
    frage(12, 'Wie stark sind die Schmerzen heute?', 'SKALA', 2, [11, true]),
    frage(13, 'Warum kommen Sie dann?', 'FREITEXT', 3, [11, false]),
    frage(14, 'Was möchten Sie erreichen?', 'FREITEXT', 4),
    frage(15, 'Alte Frage, nicht angezeigt', 'WAHRHEITSWERT', null),
  ],
};
const URL_3 = 'http://localhost:3000/fhir/Questionnaire/fragebogen-3';

const asJson = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const importOf = (value: unknown): ImportFragebogen => questionnaireAlsFragebogen(fhirJsonLesen(asJson(value)));
/** The German message of a refused import. */
function refusal(value: unknown): string {
  try {
    questionnaireAlsFragebogen(
      fhirJsonLesen(typeof value === 'string' ? new TextEncoder().encode(value) : asJson(value)),
    );
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    return (error as HttpError).message;
  }
  throw new Error('not refused');
}

/** The imported questions as a definition would hold them, ids counted from 1 in the file's order. */
function alsDefinition(imported: ImportFragebogen): FragebogenDefinition {
  const ids = new Map(imported.fragen.map((f, index) => [f.linkId, index + 1]));
  return {
    id: 1,
    titel: imported.titel,
    veroeffentlicht: null,
    fragen: imported.fragen.map((f, index) =>
      frage(
        index + 1,
        f.frage,
        f.typ,
        f.position,
        f.abhaengigVon === null ? null : [ids.get(f.abhaengigVon)!, f.bedingung!],
      ),
    ),
  };
}

/**
 * FHIR R4's enableWhen read from the specification, independent of the platform's rule: an item is enabled when
 * its enableWhen conditions hold (all or any, by enableBehavior); a condition on an item that is not enabled has no
 * answer and so does not hold; a hidden item (extension questionnaire-hidden) is not shown.
 */
function fhirAngezeigt(items: readonly QuestionnaireItem[], answers: ReadonlyMap<string, boolean | number | string>) {
  const byLinkId = new Map(items.map((item) => [item.linkId, item]));
  const enabled = (item: QuestionnaireItem, depth = 0): boolean => {
    if (depth > items.length) return false;
    const conditions = item.enableWhen ?? [];
    if (conditions.length === 0) return true;
    const results = conditions.map((c) => {
      const target = byLinkId.get(c.question);
      if (!target || !enabled(target, depth + 1)) return false;
      const answer = answers.get(c.question);
      return c.operator === '=' && answer !== undefined && answer === c.answerBoolean;
    });
    return item.enableBehavior === 'any' ? results.some(Boolean) : results.every(Boolean);
  };
  const hidden = (item: QuestionnaireItem) =>
    item.extension?.some((e) => e.url === FHIR_EXTENSION.hidden && e.valueBoolean === true) ?? false;
  return items.filter((item) => !hidden(item) && enabled(item)).map((item) => item.linkId);
}

describe('definition → FHIR Questionnaire', () => {
  const questionnaire = fragebogenAlsQuestionnaire(DEFINITION, URL_3);

  it('maps every question with type, required, the scale bounds, the hidden mark and the condition', () => {
    expect(questionnaire).toMatchObject({
      resourceType: 'Questionnaire',
      url: URL_3,
      title: 'Befundfragebogen Rücken',
      status: 'active',
      date: '2026-11-20T10:00:00.000Z',
    });
    expect(questionnaire.item).toEqual([
      { linkId: '11', text: 'Haben Sie aktuell Schmerzen?', type: 'boolean', required: true },
      {
        linkId: '12',
        text: 'Wie stark sind die Schmerzen heute?',
        type: 'integer',
        required: true,
        extension: [
          { url: FHIR_EXTENSION.minValue, valueInteger: 0 },
          { url: FHIR_EXTENSION.maxValue, valueInteger: 10 },
        ],
        enableWhen: [{ question: '11', operator: '=', answerBoolean: true }],
        enableBehavior: 'all',
      },
      {
        linkId: '13',
        text: 'Warum kommen Sie dann?',
        type: 'text',
        required: true,
        enableWhen: [{ question: '11', operator: '=', answerBoolean: false }],
        enableBehavior: 'all',
      },
      { linkId: '14', text: 'Was möchten Sie erreichen?', type: 'text', required: true },
      {
        linkId: '15',
        text: 'Alte Frage, nicht angezeigt',
        type: 'boolean',
        required: true,
        extension: [{ url: FHIR_EXTENSION.hidden, valueBoolean: true }],
      },
    ]);
  });

  it('is valid FHIR R4 by Medplum’s validator; a draft is status draft without a date', () => {
    const draft = fragebogenAlsQuestionnaire({ ...DEFINITION, veroeffentlicht: null }, URL_3);
    expect(draft.status).toBe('draft');
    expect(draft.date).toBeUndefined();
    const bundle: Bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [{ resource: questionnaire }, { resource: draft }],
    };
    expect(fhirErrors(bundle)).toEqual([]);
  });
});

describe('round trip', () => {
  it('export → import gives an equal definition; exported again, the same Questionnaire but for the ids', () => {
    const exported = fragebogenAlsQuestionnaire(DEFINITION, URL_3);
    const imported = importOf(exported);
    const again = alsDefinition(imported);
    const strip = (d: FragebogenDefinition) => {
      const index = new Map(d.fragen.map((f, i) => [f.id, i]));
      return {
        titel: d.titel,
        fragen: d.fragen.map(({ frage: text, typ, position, abhaengigVonFrageId, abhaengigVonBedingung }) => ({
          text,
          typ,
          position,
          abhaengigVon: abhaengigVonFrageId === null ? null : index.get(abhaengigVonFrageId),
          abhaengigVonBedingung,
        })),
      };
    };
    expect(strip(again)).toEqual(strip(DEFINITION));
    const reexported = fragebogenAlsQuestionnaire({ ...again, veroeffentlicht: DEFINITION.veroeffentlicht }, URL_3);
    const linkIds = new Map(again.fragen.map((f, i) => [String(f.id), DEFINITION.fragen[i]!.id.toString()]));
    const relinked = JSON.parse(
      JSON.stringify(reexported).replace(
        /"(linkId|question)":"(\d+)"/g,
        (_, key: string, id: string) => `"${key}":"${linkIds.get(id)}"`,
      ),
    ) as Questionnaire;
    expect(relinked).toEqual(exported);
  });
});

describe('the hand-written Questionnaire after the FHIR example f201', () => {
  const beispiel = JSON.parse(readFileSync(BEISPIEL_PFAD, 'utf8')) as Questionnaire;

  it('is valid FHIR R4 and imports with its conditions', () => {
    expect(fhirErrors({ resourceType: 'Bundle', type: 'collection', entry: [{ resource: beispiel }] })).toEqual([]);
    const imported = importOf(beispiel);
    expect(imported.titel).toBe('Lebensstil und Allergien');
    expect(imported.fragen.map((f) => [f.linkId, f.typ, f.abhaengigVon, f.bedingung])).toEqual([
      ['1', 'WAHRHEITSWERT', null, null],
      ['1.1', 'FREITEXT', '1', true],
      ['3.1', 'WAHRHEITSWERT', null, null],
      ['3.1.1', 'SKALA', '3.1', true],
      ['3.1.2', 'WAHRHEITSWERT', '3.1', true],
      ['3.1.2.1', 'FREITEXT', '3.1.2', true],
      ['3.1.2.2', 'FREITEXT', '3.1.2', false],
      ['3.2', 'WAHRHEITSWERT', null, null],
    ]);
  });

  it('shows the same questions by the platform’s rule as by FHIR’s enableWhen, for every combination of answers', () => {
    const definition = alsDefinition(importOf(beispiel));
    const linkIdOf = new Map(definition.fragen.map((f, i) => [f.id, beispiel.item![i]!.linkId]));
    const booleans = definition.fragen.filter((f) => f.typ === 'WAHRHEITSWERT');
    // each boolean question unanswered, yes or no: 3^4 combinations
    for (let n = 0; n < 3 ** booleans.length; n++) {
      const antworten = new Map<number, AntwortWert>();
      const answers = new Map<string, boolean>();
      booleans.forEach((f, i) => {
        const wert = [undefined, true, false][Math.floor(n / 3 ** i) % 3];
        if (wert === undefined) return;
        antworten.set(f.id, wert);
        answers.set(linkIdOf.get(f.id)!, wert);
      });
      const platform = sichtbareFragen(
        definition.fragen.map((f) => ({
          id: f.id,
          typ: f.typ,
          position: f.position,
          dependsOn: f.abhaengigVonFrageId,
          condition: f.abhaengigVonBedingung,
        })),
        antworten,
      );
      const sichtbar = definition.fragen.filter((f) => platform.has(f.id)).map((f) => linkIdOf.get(f.id));
      expect(sichtbar, JSON.stringify([...answers])).toEqual(fhirAngezeigt(beispiel.item!, answers));
    }
  });
});

describe('refused imports: a German message naming the item, nothing read', () => {
  const ok = (items: QuestionnaireItem[], extra: Record<string, unknown> = {}) => ({
    resourceType: 'Questionnaire',
    status: 'draft',
    title: 'Test',
    item: items,
    ...extra,
  });
  const ja = { linkId: 'a', text: 'Ja oder nein?', type: 'boolean', required: true } as const;

  it('not JSON, not UTF-8, not a Questionnaire, R5, nested too deep', () => {
    expect(refusal('{"resourceType": "Questionnaire",')).toBe(FRAGEBOGEN_FHIR_TEXTS.keinJson);
    expect(() => fhirJsonLesen(new Uint8Array([0x7b, 0xff, 0x7d]))).toThrow(FRAGEBOGEN_FHIR_TEXTS.keinJson);
    expect(refusal({ resourceType: 'Patient' })).toBe(FRAGEBOGEN_FHIR_TEXTS.keinQuestionnaire);
    expect(refusal([1, 2])).toBe(FRAGEBOGEN_FHIR_TEXTS.keinQuestionnaire);
    expect(refusal(ok([ja], { versionAlgorithmString: 'semver' }))).toBe(
      FRAGEBOGEN_FHIR_TEXTS.r5('Element „versionAlgorithmString“'),
    );
    expect(refusal(ok([{ ...ja, type: 'coding' as 'choice' }]))).toContain('FHIR R5');
    expect(refusal(ok([{ ...ja, answerConstraint: 'optionsOnly' } as QuestionnaireItem]))).toContain('FHIR R5');
    expect(refusal('['.repeat(100_000) + ']'.repeat(100_000))).toBe(FRAGEBOGEN_FHIR_TEXTS.zuTief);
    expect(refusal({ resourceType: 'Questionnaire', x: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[' })).toBe(
      FRAGEBOGEN_FHIR_TEXTS.unbekanntesElement('x'),
    );
  });

  it('what the platform cannot represent, by item', () => {
    expect(refusal(ok([{ ...ja, type: 'group', item: [ja] }]))).toMatch(/^Frage „a“ \(„Ja oder nein\?“\): Gruppen/);
    expect(refusal(ok([{ ...ja, type: 'choice' }]))).toContain('Den Fragetyp „choice“ kann die Plattform nicht');
    expect(refusal(ok([{ ...ja, type: 'display' }]))).toContain('Hinweistexte');
    expect(refusal(ok([{ ...ja, required: false }]))).toContain('„required“ auf true');
    expect(refusal(ok([{ ...ja, type: 'integer' }]))).toContain('nur als Skala von 0 bis 10');
    expect(refusal(ok([{ ...ja, code: [{ code: 'x' }] }]))).toContain('(„code“) kann die Plattform nicht speichern');
    expect(refusal(ok([{ ...ja, extension: [{ url: 'http://x.de/e', valueString: 'y' }] }]))).toContain(
      'Die Erweiterung „http://x.de/e“',
    );
    expect(refusal(ok([{ ...ja, text: '' }]))).toBe(`Frage „a“: ${FRAGEBOGEN_TEXTS.frageLeer}`);
    expect(refusal(ok([{ ...ja, _text: { extension: [] } } as QuestionnaireItem]))).toContain(
      'Erweiterungen eines Werts („_text“)',
    );
    expect(refusal(ok([ja], { extension: [{ url: 'http://x.de/e', valueString: 'y' }] }))).toBe(
      FRAGEBOGEN_FHIR_TEXTS.fragebogenExtension('extension'),
    );
    expect(refusal(ok([ja], { _title: { extension: [] } }))).toBe(FRAGEBOGEN_FHIR_TEXTS.fragebogenExtension('_title'));
    expect(refusal(ok([ja, ja]))).toBe(FRAGEBOGEN_FHIR_TEXTS.linkIdDoppelt('a'));
    expect(refusal(ok([]))).toBe(FRAGEBOGEN_FHIR_TEXTS.keineFragen);
    expect(refusal({ resourceType: 'Questionnaire', item: [ja] })).toBe(FRAGEBOGEN_FHIR_TEXTS.keinTitel);
  });

  it('conditions: unknown item, cycle, several, another operator, not on a boolean', () => {
    const dep = (linkId: string, question: string, extra: Record<string, unknown> = {}): QuestionnaireItem => ({
      linkId,
      text: `Frage ${linkId}`,
      type: 'boolean',
      required: true,
      enableWhen: [{ question, operator: '=', answerBoolean: true, ...extra }],
    });
    expect(refusal(ok([ja, dep('b', 'fehlt')]))).toBe(
      'Frage „b“ („Frage b“): Die Bedingung („enableWhen“) verweist auf die unbekannte Frage „fehlt“.',
    );
    expect(refusal(ok([dep('b', 'c'), dep('c', 'b')]))).toBe(
      `Frage „b“ („Frage b“): ${FRAGEBOGEN_TEXTS.abhaengigZyklus}`,
    );
    expect(refusal(ok([dep('b', 'b')]))).toBe(`Frage „b“ („Frage b“): ${FRAGEBOGEN_TEXTS.abhaengigSelbst}`);
    expect(refusal(ok([ja, dep('b', 'a', { operator: '!=' })]))).toContain('Den Operator „!=“');
    expect(
      refusal(ok([ja, { ...dep('b', 'a'), enableWhen: [...dep('b', 'a').enableWhen!, ...dep('b', 'a').enableWhen!] }])),
    ).toContain('Mehrere Bedingungen');
    expect(refusal(ok([{ ...ja, type: 'text' }, dep('b', 'a')]))).toBe(
      `Frage „b“ („Frage b“): ${FRAGEBOGEN_TEXTS.abhaengigNurJaNein}`,
    );
    expect(
      refusal(ok([ja, { ...dep('b', 'a'), enableWhen: [{ ...dep('b', 'a').enableWhen![0]!, answerString: 'x' }] }])),
    ).toContain('enthält „answerString“');
    const { answerBoolean: _, ...ohneAntwort } = dep('b', 'a').enableWhen![0]!;
    expect(refusal(ok([ja, { ...dep('b', 'a'), enableWhen: [{ ...ohneAntwort, answerString: 'x' }] }]))).toContain(
      '„answerBoolean“',
    );
  });

  it('keeps a script in a text as text', () => {
    const imported = importOf(
      ok([{ ...ja, text: '<script>alert(1)</script> Ja?' }], { title: '<img src=x onerror=alert(1)>' }),
    );
    expect(imported.titel).toBe('<img src=x onerror=alert(1)>');
    expect(imported.fragen[0]!.frage).toBe('<script>alert(1)</script> Ja?');
  });
});
