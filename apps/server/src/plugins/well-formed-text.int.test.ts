import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiUrl, type EndpointDeclaration } from '@dihs/contract/common/endpoint';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { MESSAGES } from '@dihs/contract/common/messages';
import { ALL_ENDPOINTS } from '@dihs/contract/endpoints';
import { rezeptEndpoints, type Rezept } from '@dihs/contract/rezept';
import { terminEndpoints, type Termin } from '@dihs/contract/termin';
import { injectEndpoint } from '../test/inject-endpoint.ts';
import { MATRIX_ENTRIES, type MatrixEntry, type MatrixSample } from '../test/authorization-matrix.entries.ts';
import { expectedOutcome, neededPrivileges, type MatrixActor } from '../test/authorization-matrix.rules.ts';
import { createMatrixWorld, type MatrixAccount, type MatrixWorld } from '../test/authorization-matrix.world.ts';
import { uploadRezept } from '../test/rezept-upload.ts';

// Issue 31 item 4: text that is not well-formed Unicode (a lone surrogate) is refused on every endpoint, from the
// declarations: every endpoint's sample from the authorization matrix, each of its text fields in turn made
// ill-formed, sent by a caller the access rule admits (route()'s check runs after the access rule, before the schema
// and the need-to-know check). Every other text arrives in NFC.

const LONE = '\uD800';
/** The bytes a lone surrogate would have in UTF-8 if it had any (WTF-8): all a URL can carry of it. */
const LONE_IN_URL = '%ED%A0%80';
const refusal = (field: string) => ({
  message: field ? `${field}: ${MESSAGES.textNichtWohlgeformt}` : MESSAGES.textNichtWohlgeformt,
  code: ERROR_CODES.validation,
});

let w: MatrixWorld;
beforeAll(async () => {
  w = await createMatrixWorld();
}, 60_000);
afterAll(() => w?.t.close());

interface Row {
  name: string;
  declaration: EndpointDeclaration;
  sample: MatrixEntry['sample'];
}

const rows: Row[] = Object.entries(ALL_ENDPOINTS).flatMap(([module, endpoints]) =>
  Object.entries(endpoints).flatMap(([key, declaration]) => {
    const entry = MATRIX_ENTRIES[module]?.[key];
    // the matrix fails for an endpoint without its row; here it is simply not probed
    return entry ? [{ name: `${module}.${key}`, declaration, sample: entry.sample }] : [];
  }),
);

/** The first caller the declaration's access rule lets through (the check runs before need-to-know). */
function admittedCaller(declaration: EndpointDeclaration): MatrixAccount | undefined {
  const actors: MatrixActor[] = [
    { key: 'anonym' },
    { key: 'patientA', account: w.A },
    { key: 'therapeutMitA', account: w.T1, inCare: true },
    { key: 'betreiberOhne', account: w.O0 },
    ...neededPrivileges(declaration).map((privilege) => ({
      key: `betreiber+${privilege}`,
      account: w.operatorWith[privilege],
    })),
  ];
  const actor = actors.find((each) => expectedOutcome(declaration, each, {}).kind === 'admitted');
  if (!actor) throw new Error(`${declaration.path}: kein zugelassener Aufrufer`);
  return actor.account as MatrixAccount | undefined;
}

type Path = (string | number)[];

/** The paths of every string in a JSON value. */
function textPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => textPaths(item, [...path, index]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => textPaths(item, [...path, key]));
  return [];
}

const isContainer = (value: unknown): value is Record<string | number, unknown> =>
  value !== null && typeof value === 'object';

/**
 * A copy of `value` with the string at `path` given a lone surrogate; where the path leads through what the sample
 * lacks (an absent field, null, an empty list), it is built (an object, or a list for an index).
 */
function withLoneSurrogate(value: unknown, path: Path): unknown {
  const text = (before: unknown) => `${typeof before === 'string' ? before : 'Text'}${LONE}`;
  if (!path.length) return text(value);
  const fresh = (key: string | number) => (typeof key === 'number' ? [] : {});
  let copy = structuredClone(value);
  if (!isContainer(copy)) copy = fresh(path[0]!);
  let holder = copy as Record<string | number, unknown>;
  path.forEach((key, index) => {
    const next = path[index + 1];
    if (next === undefined) holder[key] = text(holder[key]);
    else {
      if (!isContainer(holder[key])) holder[key] = fresh(next);
      holder = holder[key] as Record<string | number, unknown>;
    }
  });
  return copy;
}

/** A JSON Schema as zod writes it, the parts this test reads. */
interface JsonSchema {
  type?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

const jsonSchemaOf = (schema: z.ZodType | undefined): JsonSchema | undefined => {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
};

/**
 * The paths of every text field a schema declares (enums included: they are text on the wire), with index 0 for
 * list items and a made-up key for free keys; recursive schemas (the menu tree) a few levels deep.
 */
function declaredTextPaths(node: JsonSchema, root: JsonSchema, depth = 0): Path[] {
  if (depth > 8) return [];
  if (node.$ref) {
    const target = node.$ref === '#' ? root : root.$defs?.[node.$ref.replace('#/$defs/', '')];
    return target ? declaredTextPaths(target, root, depth + 1) : [];
  }
  const types = Array.isArray(node.type) ? (node.type as unknown[]) : [node.type];
  const paths: Path[] = types.includes('string') ? [[]] : [];
  for (const alternative of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])])
    paths.push(...declaredTextPaths(alternative, root, depth + 1));
  for (const [key, field] of Object.entries(node.properties ?? {}))
    paths.push(...declaredTextPaths(field, root, depth + 1).map((path) => [key, ...path]));
  if (node.items) paths.push(...declaredTextPaths(node.items, root, depth + 1).map((path) => [0, ...path]));
  if (typeof node.additionalProperties === 'object')
    paths.push(...declaredTextPaths(node.additionalProperties, root, depth + 1).map((path) => ['schluessel', ...path]));
  return paths;
}

/** The sample's text fields and the declared ones it leaves out, once each. */
function bodyTextPaths(schema: z.ZodType | undefined, body: unknown): Path[] {
  const json = jsonSchemaOf(schema);
  const paths = [...textPaths(body), ...(json ? declaredTextPaths(json, json) : [])];
  const seen = new Set<string>();
  return paths.filter((path) => {
    const key = JSON.stringify(path);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether a schema accepts text anywhere (its JSON Schema names the type string). */
const takesText = (schema: z.ZodType | undefined): boolean =>
  schema !== undefined && JSON.stringify(jsonSchemaOf(schema) ?? 'string').includes('"string"');

interface Probe {
  row: string;
  field: string;
  url: string;
  payload?: string;
  /** The answer the probe must get: the refusal naming the field, or (URL) any German 400 or a business answer. */
  expect: { message: string; code: string } | 'no-5xx' | 'bad-url';
}

function probesOf(row: Row, sample: MatrixSample): Probe[] {
  const { declaration } = row;
  const probes: Probe[] = [];
  const url = (input: { params?: unknown; query?: unknown }) =>
    apiUrl(declaration, { params: sample.params, query: sample.query, ...input });
  // the JSON body: each string the sample carries, and each declared text field it leaves out
  if (
    !sample.raw &&
    declaration.body &&
    declaration.requestFormat !== 'text' &&
    declaration.requestFormat !== 'multipart'
  ) {
    for (const path of bodyTextPaths(declaration.body, sample.body)) {
      const field = path.join('.');
      probes.push({
        row: row.name,
        field: `body.${field}`,
        url: url({}),
        payload: JSON.stringify(withLoneSurrogate(sample.body, path)),
        expect: refusal(field),
      });
    }
  }
  // a text body: UTF-8 bytes cannot carry a lone surrogate (they arrive as U+FFFD), a JSON string can
  if (declaration.requestFormat === 'text' && typeof sample.body === 'string') {
    probes.push({
      row: row.name,
      field: 'body (Text)',
      url: url({}),
      payload: JSON.stringify(`${sample.body}${LONE}`),
      expect: refusal(''),
    });
  }
  // path parameters and the query: a URL has no encoding for a lone surrogate; its WTF-8 bytes are refused by the
  // router as an invalid address (path) or kept as the literal text they are (query)
  const marker = 'WOHLGEFORMT';
  for (const [key, value] of Object.entries(sample.params ?? {})) {
    if (typeof value !== 'string') continue;
    probes.push({
      row: row.name,
      field: `params.${key}`,
      url: url({ params: { ...sample.params, [key]: marker } }).replace(
        marker,
        `${encodeURIComponent(value)}${LONE_IN_URL}`,
      ),
      ...(sample.body !== undefined && !sample.raw ? { payload: JSON.stringify(sample.body) } : {}),
      expect: 'bad-url',
    });
  }
  for (const [key, value] of Object.entries(sample.query ?? {})) {
    if (typeof value !== 'string') continue;
    probes.push({
      row: row.name,
      field: `query.${key}`,
      url: url({ query: { ...sample.query, [key]: marker } }).replace(
        marker,
        `${encodeURIComponent(value)}${LONE_IN_URL}`,
      ),
      ...(sample.body !== undefined && !sample.raw ? { payload: JSON.stringify(sample.body) } : {}),
      expect: 'no-5xx',
    });
  }
  return probes;
}

describe('well-formed text on every endpoint', () => {
  it('refuses a lone surrogate in each text field with the German 400 that names the field', async () => {
    const failures: string[] = [];
    const probed = new Set<string>();
    const unprobed: string[] = [];
    let refusals = 0;
    let addresses = 0;
    for (const row of rows) {
      const caller = admittedCaller(row.declaration);
      const sample = await row.sample(w, caller);
      const probes = probesOf(row, sample);
      const bodyProbes = probes.filter((probe) => probe.field.startsWith('body'));
      if (bodyProbes.length) probed.add(row.name);
      // a JSON body that takes text must have been probed: else the generator missed it
      if (
        !sample.raw &&
        row.declaration.requestFormat !== 'multipart' &&
        takesText(row.declaration.body) &&
        !bodyProbes.length
      )
        unprobed.push(row.name);
      for (const probe of probes) {
        const response = await w.t.app.inject({
          method: row.declaration.method,
          url: probe.url,
          headers: {
            ...(caller ? { authorization: w.bearer(caller) } : {}),
            ...(probe.payload !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
        });
        const where = `${row.name} ${probe.field}`;
        if (response.statusCode >= 500) {
          failures.push(`${where}: ${response.statusCode} ${response.body}`);
        } else if (probe.expect === 'bad-url') {
          addresses++;
          if (
            response.statusCode !== 400 ||
            response.json<{ message: string }>().message !== MESSAGES.ungueltigeAdresse
          )
            failures.push(
              `${where}: erwartet 400 „${MESSAGES.ungueltigeAdresse}“, erhalten ${response.statusCode} ${response.body}`,
            );
        } else if (probe.expect === 'no-5xx') {
          addresses++;
        } else {
          refusals++;
          const body = response.json<{ message?: unknown; code?: unknown }>();
          if (response.statusCode !== 400 || body.message !== probe.expect.message || body.code !== probe.expect.code)
            failures.push(
              `${where}: erwartet 400 „${probe.expect.message}“, erhalten ${response.statusCode} ${response.body}`,
            );
        }
      }
    }
    console.log(
      `well-formed text: ${refusals} Textfelder in ${probed.size} Endpunkten mit Einzelsurrogat geprüft, ` +
        `${addresses} Pfad- und Query-Werte mit ${LONE_IN_URL}`,
    );
    expect(failures).toEqual([]);
    expect(unprobed).toEqual([]);
    // a floor, so that a broken generator cannot pass by probing nothing
    expect(probed.size).toBeGreaterThan(40);
  }, 240_000);

  it('refuses a lone surrogate in an object key, even one no schema knows', async () => {
    const response = await w.t.app.inject({
      method: 'POST',
      url: apiUrl(terminEndpoints.speichern),
      headers: { authorization: await w.t.bearer('betreiber@demo.de'), 'content-type': 'application/json' },
      payload: `{"befund":"x","zusatz":{"a\\ud800":1}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal(`zusatz.a${LONE}`));
  });

  it('answers a body nested deeper than the call stack with a 400, not a 500', async () => {
    const depth = 100_000;
    const response = await w.t.app.inject({
      method: 'POST',
      url: apiUrl(terminEndpoints.speichern),
      headers: { authorization: await w.t.bearer('betreiber@demo.de'), 'content-type': 'application/json' },
      payload: `{"befund":${'['.repeat(depth)}"e\\u0301"${']'.repeat(depth)}}`,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('text is stored in NFC', () => {
  const decomposed = 'Ru\u0308ckenschule fu\u0308r Cafe\u0301-Besucher';
  const composed = 'Rückenschule für Café-Besucher';

  it('stores an appointment’s findings decomposed as sent in NFC, and reads them back so', async () => {
    const admin = await w.t.bearer('betreiber@demo.de');
    const saved = await injectEndpoint(w.t.app, terminEndpoints.speichern, {
      authorization: admin,
      body: {
        befund: decomposed,
        details: `Details: ${decomposed}`,
        termintyp: 'GRUPPE',
        therapeutId: w.T1.id,
        datum: '2031-03-04',
        uhrzeit: '10:00',
        maxTeilnehmer: 5,
        dauer: 30,
      },
    });
    expect(saved.statusCode).toBe(200);
    const { id } = saved.json<Termin>();
    const read = await injectEndpoint(w.t.app, terminEndpoints.betreiberEiner, {
      authorization: admin,
      params: { id },
    });
    expect(read.json<Termin>()).toMatchObject({ befund: composed, details: `Details: ${composed}` });
  });

  it('stores an upload’s text field in NFC (multipart)', async () => {
    const uploaded = await uploadRezept(w.t.app, w.bearer(w.B), {
      pdfBody: Buffer.from('NFC'),
      filename: 'rezept.pdf',
      description: decomposed,
    });
    expect(uploaded.statusCode).toBe(200);
    const mine = await injectEndpoint(w.t.app, rezeptEndpoints.eigene, { authorization: w.bearer(w.B) });
    expect(mine.json<Rezept[]>().map((rezept) => rezept.anmerkung)).toContain(composed);
  });
});
