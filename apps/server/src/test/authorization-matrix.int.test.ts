import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiUrl, pathParamNames, routePattern, type EndpointDeclaration } from '@dihs/contract/common/endpoint';
import { ALL_ENDPOINTS } from '@dihs/contract/endpoints';
import { MATRIX_ENTRIES, type MatrixEntry, type MatrixSample } from './authorization-matrix.entries.ts';
import { zugriffsprotokoll } from '../modules/protokoll/protokoll.table.ts';
import {
  describeExpected,
  expectedAuditPatients,
  expectedOutcome,
  meets,
  neededPrivileges,
  type Expected,
  type MatrixActor,
} from './authorization-matrix.rules.ts';
import { createMatrixWorld, type MatrixAccount, type MatrixWorld } from './authorization-matrix.world.ts';

// Issue 18, item 2: every endpoint × {anonymous, patient A, patient B, therapist with A in care, therapist without,
// operator without privileges, operator with each privilege the endpoint names}, with A's ids substituted. The
// expected answers come from the declarations (authorization-matrix.rules.ts); the table
// (authorization-matrix.entries.ts) gives only the sample input. Tokens: forged, expired, logged-out and
// password-changed tokens are covered by auth/sessions-end.int.test.ts and accounts/accounts-sessions.int.test.ts.

let w: MatrixWorld;
beforeAll(async () => {
  w = await createMatrixWorld();
}, 60_000);
afterAll(() => w?.t.close());

interface Row {
  name: string;
  module: string;
  key: string;
  declaration: EndpointDeclaration;
  entry: MatrixEntry | undefined;
}

const rows: Row[] = Object.entries(ALL_ENDPOINTS).flatMap(([module, endpoints]) =>
  Object.entries(endpoints).map(([key, declaration]) => ({
    name: `${module}.${key}`,
    module,
    key,
    declaration,
    entry: MATRIX_ENTRIES[module]?.[key],
  })),
);

const label = (row: Row) => `${row.name} (${row.declaration.method} ${row.declaration.path})`;

interface Caller extends MatrixActor {
  account?: MatrixAccount;
}

function callersOf(declaration: EndpointDeclaration): Caller[] {
  return [
    { key: 'anonym' },
    { key: 'patientA', account: w.A },
    { key: 'patientB', account: w.B },
    { key: 'therapeutMitA', account: w.T1, inCare: true },
    { key: 'therapeutOhne', account: w.T2, inCare: false },
    { key: 'betreiberOhne', account: w.O0 },
    ...neededPrivileges(declaration).map((privilege) => ({
      key: `betreiber+${privilege}`,
      account: w.operatorWith[privilege],
    })),
  ];
}

/** Where a sample does not fit its declaration's schemas: the table is wrong, not the server. */
function sampleProblems(declaration: EndpointDeclaration, sample: MatrixSample): string[] {
  const problems: string[] = [];
  for (const name of pathParamNames(declaration.path)) {
    if (sample.params?.[name] === undefined) problems.push(`Pfadparameter ${name} fehlt`);
  }
  const check = (part: string, schema: EndpointDeclaration['params'], value: unknown) => {
    const result = schema?.safeParse(value);
    if (result && !result.success) problems.push(`${part}: ${result.error.issues.map((i) => i.message).join('; ')}`);
  };
  check('params', declaration.params, sample.params);
  check('query', declaration.query, sample.query ?? {});
  if (!sample.raw && declaration.requestFormat !== 'multipart') check('body', declaration.body, sample.body);
  return problems;
}

/** The table's promises about the subject against the declaration's patientRecord. */
function subjectProblems(row: Row, sample: MatrixSample): string[] {
  const rule = row.declaration.patientRecord;
  const problems: string[] = [];
  if (rule?.patientParam && sample.params?.[rule.patientParam] !== sample.subject?.id) {
    problems.push(`${label(row)}: patientParam ${rule.patientParam} trägt nicht den Patienten (subject) der Zeile`);
  }
  const body = sample.body as Record<string, unknown> | undefined;
  if (rule?.patientBody && body?.[rule.patientBody] !== undefined && body[rule.patientBody] !== sample.subject?.id) {
    problems.push(`${label(row)}: patientBody ${rule.patientBody} trägt nicht den Patienten (subject) der Zeile`);
  }
  return problems;
}

function send(declaration: EndpointDeclaration, sample: MatrixSample, caller: Caller) {
  const headers: Record<string, string> = caller.account ? { authorization: w.bearer(caller.account) } : {};
  let payload: string | Buffer | undefined;
  if (sample.raw) {
    Object.assign(headers, sample.raw.headers);
    payload = sample.raw.payload;
  } else if (declaration.requestFormat === 'text' && typeof sample.body === 'string') {
    headers['content-type'] = 'text/plain; charset=utf-8';
    payload = sample.body;
  } else if (sample.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(sample.body);
  }
  return w.t.app.inject({
    method: declaration.method,
    url: apiUrl(declaration, { params: sample.params, query: sample.query }),
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

/** The German message of an error envelope, if the body is one. */
function messageOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : '';
  } catch {
    return '';
  }
}

/** The newest audit entry's id: entries after it are the next call's. */
async function lastAuditId(): Promise<number> {
  const [row] = await w.t.db.select({ id: max(zugriffsprotokoll.id) }).from(zugriffsprotokoll);
  return row?.id ?? 0;
}

/**
 * Issue 31 item 1: the audit entries an admitted call left (actor, endpoint, after `since`) name every expected
 * patient. The entries are written after the answer (onResponse): waited for briefly.
 */
async function auditProblems(
  declaration: EndpointDeclaration,
  caller: Caller,
  since: number,
  patients: readonly number[],
  erasesSubject = false,
): Promise<string | undefined> {
  const endpunkt = `${declaration.method} ${routePattern(declaration)}`;
  const missing = async () => {
    const rows = await w.t.db
      .select({ patientUserId: zugriffsprotokoll.patientUserId })
      .from(zugriffsprotokoll)
      .where(
        and(
          gt(zugriffsprotokoll.id, since),
          eq(zugriffsprotokoll.akteurUserId, caller.account!.id),
          eq(zugriffsprotokoll.endpunkt, endpunkt),
        ),
      );
    const named = new Set(rows.map((row) => row.patientUserId));
    // the background erasure may have anonymised the call's own entry already (patient id NULL)
    if (erasesSubject && named.has(null)) return [];
    return patients.filter((id) => !named.has(id));
  };
  try {
    await vi.waitFor(
      async () => {
        if ((await missing()).length) throw new Error('noch nicht geschrieben');
      },
      { timeout: 2_000, interval: 10 },
    );
    return undefined;
  } catch {
    return `kein Protokolleintrag für Patient ${(await missing()).join(', ')}`;
  }
}

/** MATRIX_TRACE=1 prints every call's answer after the run (to read what an admitted call got). */
const trace: string[] | undefined = process.env.MATRIX_TRACE ? [] : undefined;

const tableErrors: string[] = [];
const unauditedAnswers: string[] = [];

/** Whether an answer shows patient A (the world's name or A's address); the payload may be a file. */
const showsPatientA = (body: string): boolean => body.includes('Alpha') || body.includes(w.A.email);
const undeclaredPatientRecords: string[] = [];

describe('authorization matrix', () => {
  it('has a row for every endpoint and none for an endpoint that is gone', () => {
    const withoutRow = rows.filter((row) => !row.entry).map(label);
    const withoutEndpoint = Object.entries(MATRIX_ENTRIES).flatMap(([module, entries]) =>
      Object.keys(entries)
        .filter((key) => !ALL_ENDPOINTS[module]?.[key])
        .map((key) => `${module}.${key}`),
    );
    expect({ withoutRow, withoutEndpoint }).toEqual({ withoutRow: [], withoutEndpoint: [] });
  });

  it('answers every actor as the declaration says', async () => {
    const failures: string[] = [];
    const present = rows.filter((row): row is Row & { entry: MatrixEntry } => Boolean(row.entry));
    // calls that end sessions or tokens come last, each on fresh tokens
    const ordered = [
      ...present.filter((row) => !row.entry.destructive),
      ...present.filter((row) => row.entry.destructive),
    ];
    for (const row of ordered) {
      const { declaration, entry } = row;
      if (entry.destructive) await w.renewTokens();
      const calls: { caller: Caller; sample: MatrixSample; expected: Expected; audited: number[] }[] = [];
      for (const caller of callersOf(declaration)) {
        const sample = await entry.sample(w, caller.account);
        const expected = expectedOutcome(declaration, caller, {
          ...(sample.subject ? { subjectId: sample.subject.id } : {}),
          ...(entry.handlerRule
            ? { handlerRefuses: entry.handlerRule.refuses, handlerBecause: entry.handlerRule.because }
            : {}),
        });
        const listed = entry.listsPatients?.(w, caller.account).map((patient) => patient.id);
        const audited = expectedAuditPatients(declaration, caller, {
          ...(sample.subject ? { subjectId: sample.subject.id } : {}),
          ...(listed ? { listed } : {}),
        });
        calls.push({ caller, sample, expected, audited });
      }
      const first = calls[0]!.sample;
      const problems = sampleProblems(declaration, first);
      if (problems.length) {
        tableErrors.push(`${label(row)}: Beispiel passt nicht zum Schema: ${problems.join(', ')}`);
        continue;
      }
      tableErrors.push(...subjectProblems(row, first));
      if (first.subject && !declaration.patientRecord && !entry.notPatientRecord) {
        undeclaredPatientRecords.push(label(row));
      }
      if (declaration.patientList && !entry.listsPatients) {
        tableErrors.push(`${label(row)}: patientList ohne listsPatients (welche Patienten die Antwort nennt)`);
      }
      // The refused first, at once (they change nothing); then the admitted one by one, since an admitted call may
      // change what a later one finds (a confirmed cart).
      const refused = calls.filter((call) => call.expected.kind !== 'admitted');
      const admitted = calls.filter((call) => call.expected.kind === 'admitted');
      const check = async ({ caller, sample, expected, audited }: (typeof calls)[number]) => {
        const started = Date.now();
        const since = expected.kind === 'admitted' && audited.length ? await lastAuditId() : 0;
        const response = await send(declaration, sample, caller);
        trace?.push(
          `${row.name}\t${caller.key}\t${response.statusCode}\t${Date.now() - started} ms\t${describeExpected(expected)}`,
        );
        if (!meets(expected, response.statusCode)) {
          const message = messageOf(response.body);
          failures.push(
            `${label(row)} · ${caller.key}: erwartet ${describeExpected(expected)}, erhalten ${response.statusCode}${
              message ? ` „${message}“` : ''
            }`,
          );
        }
        const answered = response.statusCode < 400;
        if (answered && expected.kind === 'admitted' && audited.length) {
          const problem = await auditProblems(declaration, caller, since, audited, entry.erasesSubject);
          if (problem) failures.push(`${label(row)} · ${caller.key}: ${problem}`);
        }
        // an answer that shows A to anyone else names a patient: it needs a rule that audits it
        if (answered && caller.account && caller.account.id !== w.A.id && showsPatientA(response.body)) {
          if (!declaration.patientRecord && !declaration.patientList && !entry.answersWithoutRule) {
            unauditedAnswers.push(`${label(row)} · ${caller.key}`);
          }
        }
      };
      await Promise.all(refused.map(check));
      for (const call of admitted) await check(call);
    }
    if (trace) console.log(trace.join('\n'));
    expect(failures).toEqual([]);
  }, 180_000);

  it('has samples that fit their declarations', () => {
    expect(tableErrors).toEqual([]);
  });

  it('declares patientRecord on every endpoint whose sample addresses a patient’s records', () => {
    expect(undeclaredPatientRecords).toEqual([]);
  });

  it('audits every answer that shows a patient to someone else (patientRecord or patientList)', () => {
    expect(unauditedAnswers).toEqual([]);
  });
});
