import type { Extension, Questionnaire, QuestionnaireItem } from '@medplum/fhirtypes';
import {
  abhaengigkeitsFehler,
  FRAGEBOGEN_FHIR_MAX_TIEFE,
  FRAGEBOGEN_FHIR_TEXTS as T,
  FRAGEBOGEN_LIMITS,
  FRAGEBOGEN_TEXTS,
  SKALA_MAX,
  SKALA_MIN,
  type FragebogenDefinition,
  type FrageTyp,
} from '@dihs/contract/fragebogen';
import { HttpError } from '../../lib/http-error.ts';

/*
 * A questionnaire definition as FHIR R4 Questionnaire and back (issue 34 item 5, docs/fhir.md "Fragebogen-
 * Definitionen"). One mapping for the definition download and for the patient's FHIR export (module auskunft).
 * The import refuses, naming the item, whatever the platform cannot hold: nothing is dropped silently.
 */

/** Core extensions (R4 "extensions" registry) for what a plain Questionnaire element cannot say. */
export const FHIR_EXTENSION = {
  hidden: 'http://hl7.org/fhir/StructureDefinition/questionnaire-hidden',
  minValue: 'http://hl7.org/fhir/StructureDefinition/minValue',
  maxValue: 'http://hl7.org/fhir/StructureDefinition/maxValue',
} as const;

/** The canonical URL of a definition (Questionnaire.url, QuestionnaireResponse.questionnaire). */
export const fragebogenQuestionnaireUrl = (publicUrl: string, definitionId: number): string =>
  `${publicUrl.replace(/\/+$/, '')}/fhir/Questionnaire/fragebogen-${definitionId}`;

const ITEM_TYP: Record<FrageTyp, 'text' | 'integer' | 'boolean'> = {
  FREITEXT: 'text',
  SKALA: 'integer',
  WAHRHEITSWERT: 'boolean',
};

/** The R4 item types the platform has a question type for (string and text both as free text). */
const TYP_AUS_FHIR = new Map<string, FrageTyp>([
  ['boolean', 'WAHRHEITSWERT'],
  ['integer', 'SKALA'],
  ['string', 'FREITEXT'],
  ['text', 'FREITEXT'],
]);

/** Not shown (spec 3 section 5): no position, or -1 and below. */
const verborgen = (position: number | null): boolean => position === null || position <= -1;

/**
 * The definition as Questionnaire: every active question in the definition's order, required (the platform asks for
 * an answer to every question shown), the dependency as one enableWhen (`=` on the boolean answer), a question not
 * shown with the core extension questionnaire-hidden, the scale's bounds as minValue/maxValue.
 */
export function fragebogenAlsQuestionnaire(definition: FragebogenDefinition, url: string): Questionnaire {
  return {
    resourceType: 'Questionnaire',
    url,
    title: definition.titel,
    status: definition.veroeffentlicht ? 'active' : 'draft',
    ...(definition.veroeffentlicht ? { date: definition.veroeffentlicht } : {}),
    subjectType: ['Patient'],
    item: definition.fragen.map((frage): QuestionnaireItem => {
      const extension: Extension[] = [
        ...(verborgen(frage.position) ? [{ url: FHIR_EXTENSION.hidden, valueBoolean: true }] : []),
        ...(frage.typ === 'SKALA'
          ? [
              { url: FHIR_EXTENSION.minValue, valueInteger: SKALA_MIN },
              { url: FHIR_EXTENSION.maxValue, valueInteger: SKALA_MAX },
            ]
          : []),
      ];
      return {
        linkId: String(frage.id),
        text: frage.frage,
        type: ITEM_TYP[frage.typ],
        required: true,
        ...(extension.length ? { extension } : {}),
        ...(frage.abhaengigVonFrageId === null
          ? {}
          : {
              enableWhen: [
                {
                  question: String(frage.abhaengigVonFrageId),
                  operator: '=',
                  answerBoolean: frage.abhaengigVonBedingung ?? true,
                },
              ],
              enableBehavior: 'all',
            }),
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Import

/** A question of an imported Questionnaire, before it has an id: its dependency names another by linkId. */
export interface ImportFrage {
  linkId: string;
  frage: string;
  typ: FrageTyp;
  position: number | null;
  abhaengigVon: string | null;
  bedingung: boolean | null;
}
export interface ImportFragebogen {
  titel: string;
  fragen: ImportFrage[];
}

/** The elements of an R4 Questionnaire; those the import reads are `item` and `title`/`name`, the rest is metadata. */
const R4_ELEMENTE = new Set([
  'resourceType',
  'id',
  'meta',
  'implicitRules',
  'language',
  'text',
  'contained',
  'extension',
  'modifierExtension',
  'url',
  'identifier',
  'version',
  'name',
  'title',
  'derivedFrom',
  'status',
  'experimental',
  'subjectType',
  'date',
  'publisher',
  'contact',
  'description',
  'useContext',
  'jurisdiction',
  'purpose',
  'copyright',
  'approvalDate',
  'lastReviewDate',
  'effectivePeriod',
  'code',
  'item',
]);
const R4_ITEM_ELEMENTE = new Set([
  'id',
  'extension',
  'modifierExtension',
  'linkId',
  'definition',
  'code',
  'prefix',
  'text',
  'type',
  'enableWhen',
  'enableBehavior',
  'required',
  'repeats',
  'readOnly',
  'maxLength',
  'answerValueSet',
  'answerOption',
  'initial',
  'item',
]);
/** Elements and item types that R5 added: a file with them is R5, not R4. */
const R5_ELEMENTE = new Set(['versionAlgorithmString', 'versionAlgorithmCoding', 'copyrightLabel']);
const R5_ITEM_ELEMENTE = new Set(['disabledDisplay', 'answerConstraint']);
const R5_TYPEN = new Set(['question', 'coding']);
/** R4 item types the platform has no question type for. */
const R4_TYPEN = new Set([
  'group',
  'display',
  'boolean',
  'decimal',
  'integer',
  'date',
  'dateTime',
  'time',
  'string',
  'text',
  'url',
  'choice',
  'open-choice',
  'attachment',
  'reference',
  'quantity',
]);
/** Item elements of R4 the platform has no place for (refused, never dropped). */
const NICHT_ABBILDBAR: Record<string, string> = {
  code: 'Codes zu einer Frage',
  prefix: 'Nummerierungen (prefix)',
  definition: 'Verweise auf eine Definition',
  answerOption: 'Antwortoptionen',
  answerValueSet: 'Antwortlisten (ValueSet)',
  initial: 'Vorbelegte Antworten',
  maxLength: 'Längenbegrenzungen',
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const refuse = (message: string): HttpError => HttpError.badRequest(message);

/** The item as the messages name it: its linkId, and the start of its text. */
function benennen(item: Json): string {
  const roh = typeof item.linkId === 'string' ? item.linkId : '?';
  const linkId = roh.length > 40 ? `${roh.slice(0, 39)}…` : roh;
  const text = typeof item.text === 'string' ? item.text.trim().replace(/\s+/g, ' ') : '';
  const kurz = text.length > 60 ? `${text.slice(0, 59)}…` : text;
  return kurz ? `Frage „${linkId}“ („${kurz}“)` : `Frage „${linkId}“`;
}
const frageFehler = (item: Json, text: string): HttpError => refuse(`${benennen(item)}: ${text}`);

/**
 * Refuses JSON nested deeper than the limit before it is parsed: every later step (the parser included) then walks a
 * bounded depth. Counts brackets outside strings; the text need not be valid JSON yet.
 */
function pruefeTiefe(text: string): void {
  let tiefe = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++tiefe > FRAGEBOGEN_FHIR_MAX_TIEFE) throw refuse(T.zuTief);
    } else if (c === 0x7d || c === 0x5d) tiefe--;
  }
}

/** The uploaded bytes as JSON: UTF-8 (a byte order mark allowed), bounded depth. */
export function fhirJsonLesen(data: Uint8Array): unknown {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    throw refuse(T.keinJson);
  }
  pruefeTiefe(text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw refuse(T.keinJson);
  }
}

function integerExtension(extensions: Json[], url: string): number | undefined {
  const found = extensions.find((e) => e.url === url);
  return typeof found?.valueInteger === 'number' ? found.valueInteger : undefined;
}

/** One item: its question, or the German refusal naming it. */
function frageLesen(item: Json, index: number): ImportFrage {
  const linkId = item.linkId;
  if (typeof linkId !== 'string' || linkId.trim() === '') throw refuse(T.linkIdFehlt(index + 1));
  if (item.modifierExtension !== undefined) {
    throw frageFehler(
      item,
      'Erweiterungen, die die Bedeutung ändern („modifierExtension“), kann die Plattform nicht abbilden.',
    );
  }
  for (const key of Object.keys(item)) {
    if (R5_ITEM_ELEMENTE.has(key)) throw refuse(T.r5(`Element „${key}“ bei ${benennen(item)}`));
    const element = key.startsWith('_') ? key.slice(1) : key;
    if (!R4_ITEM_ELEMENTE.has(element)) throw frageFehler(item, T.unbekanntesElement(`item.${key}`));
    // an extension of a value (a translation, an XHTML rendering of the text) would change what is shown
    if (key !== element) {
      throw frageFehler(item, `Erweiterungen eines Werts („${key}“) kann die Plattform nicht abbilden.`);
    }
  }
  const type = item.type;
  if (typeof type !== 'string' || (!R4_TYPEN.has(type) && !R5_TYPEN.has(type))) {
    throw frageFehler(item, `Der Fragetyp „${String(type)}“ gibt es in FHIR R4 nicht.`);
  }
  if (R5_TYPEN.has(type)) throw refuse(T.r5(`Fragetyp „${type}“ bei ${benennen(item)}`));
  if (type === 'group' || item.item !== undefined) {
    throw frageFehler(
      item,
      'Gruppen und verschachtelte Fragen kann die Plattform nicht abbilden; ein Fragebogen ist hier eine Liste von Fragen.',
    );
  }
  if (type === 'display') {
    throw frageFehler(item, 'Reine Hinweistexte (type „display“) kann die Plattform nicht abbilden.');
  }
  const typ: FrageTyp | undefined = TYP_AUS_FHIR.get(type);
  if (!typ) {
    throw frageFehler(
      item,
      `Den Fragetyp „${type}“ kann die Plattform nicht abbilden (möglich: boolean, integer von ${SKALA_MIN} bis ${SKALA_MAX}, string, text).`,
    );
  }
  for (const [element, was] of Object.entries(NICHT_ABBILDBAR)) {
    if (item[element] !== undefined) {
      throw frageFehler(
        item,
        `${was} („${element}“) kann die Plattform nicht speichern; bitte entfernen Sie das Element.`,
      );
    }
  }
  if (item.repeats === true)
    throw frageFehler(item, 'Mehrfache Antworten („repeats“) kann die Plattform nicht abbilden.');
  if (item.readOnly === true)
    throw frageFehler(item, 'Schreibgeschützte Fragen („readOnly“) kann die Plattform nicht abbilden.');
  if (item.required !== true) {
    throw frageFehler(
      item,
      'Die Plattform verlangt eine Antwort auf jede angezeigte Frage; bitte setzen Sie „required“ auf true.',
    );
  }
  const text = typeof item.text === 'string' ? item.text.trim() : '';
  if (!text) throw frageFehler(item, FRAGEBOGEN_TEXTS.frageLeer);
  if (text.length > FRAGEBOGEN_LIMITS.frage) {
    throw frageFehler(item, `Der Fragetext ist zu lang (höchstens ${FRAGEBOGEN_LIMITS.frage} Zeichen).`);
  }

  // extensions: only those the mapping writes
  if (item.extension !== undefined && !Array.isArray(item.extension)) {
    throw frageFehler(item, 'Das Element „extension“ muss eine Liste sein.');
  }
  const extensions = (item.extension ?? []) as unknown[];
  let hidden = false;
  for (const extension of extensions) {
    const url = isObject(extension) ? extension.url : undefined;
    if (url === FHIR_EXTENSION.hidden && isObject(extension) && typeof extension.valueBoolean === 'boolean') {
      hidden = extension.valueBoolean;
    } else if ((url === FHIR_EXTENSION.minValue || url === FHIR_EXTENSION.maxValue) && typ === 'SKALA') {
      continue;
    } else {
      throw frageFehler(
        item,
        `Die Erweiterung „${typeof url === 'string' ? url : '?'}“ kann die Plattform nicht abbilden.`,
      );
    }
  }
  if (typ === 'SKALA') {
    const min = integerExtension(extensions as Json[], FHIR_EXTENSION.minValue);
    const max = integerExtension(extensions as Json[], FHIR_EXTENSION.maxValue);
    if (min !== SKALA_MIN || max !== SKALA_MAX) {
      throw frageFehler(
        item,
        `Ganze Zahlen kennt die Plattform nur als Skala von ${SKALA_MIN} bis ${SKALA_MAX} (Erweiterungen minValue ${SKALA_MIN} und maxValue ${SKALA_MAX}).`,
      );
    }
  }

  // the condition: one enableWhen, "=" on a boolean answer
  let abhaengigVon: string | null = null;
  let bedingung: boolean | null = null;
  if (item.enableWhen !== undefined) {
    const conditions = item.enableWhen;
    if (!Array.isArray(conditions) || conditions.length === 0) {
      throw frageFehler(item, 'Das Element „enableWhen“ muss eine nicht leere Liste sein.');
    }
    if (conditions.length > 1) {
      throw frageFehler(
        item,
        'Mehrere Bedingungen („enableWhen“) kann die Plattform nicht abbilden: eine Frage hängt hier von genau einer Ja/Nein-Frage ab.',
      );
    }
    const condition: unknown = conditions[0];
    if (!isObject(condition) || typeof condition.question !== 'string') {
      throw frageFehler(item, 'Die Bedingung („enableWhen“) nennt keine Frage („question“).');
    }
    const fremd = Object.keys(condition).find((key) => !['id', 'question', 'operator', 'answerBoolean'].includes(key));
    if (fremd !== undefined) {
      throw frageFehler(
        item,
        `Die Bedingung („enableWhen“) enthält „${fremd}“; die Plattform kennt nur „question“, „operator“ „=“ und „answerBoolean“.`,
      );
    }
    if (condition.operator !== '=') {
      throw frageFehler(
        item,
        `Den Operator „${String(condition.operator)}“ in „enableWhen“ kann die Plattform nicht abbilden (möglich: „=“).`,
      );
    }
    if (typeof condition.answerBoolean !== 'boolean') {
      throw frageFehler(item, 'Die Bedingung („enableWhen“) braucht eine Ja/Nein-Antwort („answerBoolean“).');
    }
    if (item.enableBehavior !== undefined && item.enableBehavior !== 'all' && item.enableBehavior !== 'any') {
      throw frageFehler(item, `„enableBehavior“ muss „all“ oder „any“ sein.`);
    }
    abhaengigVon = condition.question;
    bedingung = condition.answerBoolean;
  } else if (item.enableBehavior !== undefined) {
    throw frageFehler(item, '„enableBehavior“ ohne „enableWhen“ ergibt keinen Sinn.');
  }
  return { linkId, frage: text, typ, position: hidden ? null : index + 1, abhaengigVon, bedingung };
}

/**
 * Reads a FHIR R4 Questionnaire (parsed JSON) as a new definition: title and questions in the file's order, the
 * dependencies by linkId. Refuses (400, German, naming the item) anything the platform cannot represent.
 */
export function questionnaireAlsFragebogen(json: unknown): ImportFragebogen {
  if (!isObject(json) || json.resourceType !== 'Questionnaire') throw refuse(T.keinQuestionnaire);
  for (const key of Object.keys(json)) {
    if (R5_ELEMENTE.has(key)) throw refuse(T.r5(`Element „${key}“`));
    const element = key.startsWith('_') ? key.slice(1) : key;
    if (!R4_ELEMENTE.has(element)) throw refuse(T.unbekanntesElement(key));
  }
  if (json.modifierExtension !== undefined || json.implicitRules !== undefined) throw refuse(T.modifierExtension);
  // metadata is not kept (a new draft); extensions of the questionnaire or of its title might change what is shown
  if (json.extension !== undefined) throw refuse(T.fragebogenExtension('extension'));
  if (json._title !== undefined || json._name !== undefined) {
    throw refuse(T.fragebogenExtension(json._title !== undefined ? '_title' : '_name'));
  }
  const titelRoh = typeof json.title === 'string' ? json.title : typeof json.name === 'string' ? json.name : '';
  const titel = titelRoh.trim();
  if (!titel) throw refuse(T.keinTitel);
  if (titel.length > FRAGEBOGEN_LIMITS.titel) throw refuse(T.titelZuLang);
  if (!Array.isArray(json.item) || json.item.length === 0) throw refuse(T.keineFragen);
  if (json.item.length > FRAGEBOGEN_LIMITS.fragen) throw refuse(FRAGEBOGEN_TEXTS.zuVieleFragen);

  const items = json.item as unknown[];
  const fragen: ImportFrage[] = [];
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (!isObject(item)) throw refuse(T.linkIdFehlt(index + 1));
    const frage = frageLesen(item, index);
    if (seen.has(frage.linkId)) throw refuse(T.linkIdDoppelt(frage.linkId));
    seen.add(frage.linkId);
    fragen.push(frage);
  });

  // dependencies: a known item, then the platform's rules (boolean target, not itself, no cycle) as the editor's
  const nummer = new Map(fragen.map((frage, index) => [frage.linkId, index + 1]));
  fragen.forEach((frage, index) => {
    if (frage.abhaengigVon !== null && !nummer.has(frage.abhaengigVon)) {
      throw frageFehler(
        items[index] as Json,
        `Die Bedingung („enableWhen“) verweist auf die unbekannte Frage „${frage.abhaengigVon}“.`,
      );
    }
  });
  const fehler = abhaengigkeitsFehler(
    fragen.map((frage, index) => ({
      id: index + 1,
      typ: frage.typ,
      position: frage.position,
      abhaengigVonFrageId: frage.abhaengigVon === null ? null : nummer.get(frage.abhaengigVon)!,
      abhaengigVonBedingung: frage.bedingung,
    })),
  );
  const erster = [...fehler].sort(([a], [b]) => a - b)[0];
  if (erster) throw frageFehler(items[erster[0]] as Json, erster[1]);
  return { titel, fragen };
}
