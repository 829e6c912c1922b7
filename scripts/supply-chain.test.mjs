import { describe, expect, it } from 'vitest';
import {
  allowlistProblems,
  auditDecision,
  blockingAdvisories,
  entryCovers,
  isAuditReport,
  sbomProblems,
} from './supply-chain.mjs';

const TODAY = '2026-11-27';
const GHSA_PARSER = 'GHSA-2x4g-jv5f-q8rc';
const GHSA_SIGNER = 'GHSA-9wv6-86v2-598j';

/** The shape of `npm audit --omit=dev --json` (npm 11, report version 2); packages and advisories invented. */
const REPORT = {
  auditReportVersion: 2,
  vulnerabilities: {
    'beispiel-parser': {
      name: 'beispiel-parser',
      severity: 'high',
      isDirect: false,
      via: [
        {
          source: 1100001,
          name: 'beispiel-parser',
          dependency: 'beispiel-parser',
          title: 'Prototype pollution in parse()',
          url: `https://github.com/advisories/${GHSA_PARSER}`,
          severity: 'high',
          cwe: ['CWE-1321'],
          cvss: { score: 7.5, vectorString: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:H/A:N' },
          range: '<2.0.4',
        },
        {
          source: 1100002,
          name: 'beispiel-parser',
          dependency: 'beispiel-parser',
          title: 'Slow regular expression',
          url: 'https://github.com/advisories/GHSA-3c5v-7w8x-9fgh',
          severity: 'moderate',
          range: '<2.0.4',
        },
      ],
      effects: ['beispiel-app'],
      range: '<2.0.4',
      nodes: ['node_modules/beispiel-parser'],
      fixAvailable: { name: 'beispiel-app', version: '5.0.0', isSemVerMajor: true },
    },
    // affected only through beispiel-parser: no advisory of its own
    'beispiel-app': {
      name: 'beispiel-app',
      severity: 'high',
      isDirect: true,
      via: ['beispiel-parser'],
      effects: [],
      range: '3.0.0 - 4.9.9',
      nodes: ['node_modules/beispiel-app'],
      fixAvailable: { name: 'beispiel-app', version: '5.0.0', isSemVerMajor: true },
    },
    'beispiel-signer': {
      name: 'beispiel-signer',
      severity: 'critical',
      isDirect: true,
      via: [
        {
          source: 1100003,
          name: 'beispiel-signer',
          dependency: 'beispiel-signer',
          title: 'Signature check skipped',
          url: `https://github.com/advisories/${GHSA_SIGNER}`,
          severity: 'critical',
          range: '<=1.2.0',
        },
      ],
      effects: [],
      range: '<=1.2.0',
      nodes: ['node_modules/beispiel-signer'],
      fixAvailable: false,
    },
    'beispiel-log': {
      name: 'beispiel-log',
      severity: 'low',
      isDirect: true,
      via: [{ source: 1100004, name: 'beispiel-log', title: 'Log forging', url: '', severity: 'low', range: '*' }],
      effects: [],
      range: '*',
      nodes: ['node_modules/beispiel-log'],
      fixAvailable: true,
    },
  },
  metadata: {
    vulnerabilities: { info: 0, low: 1, moderate: 1, high: 2, critical: 1, total: 4 },
    dependencies: { prod: 420, dev: 0, optional: 12, peer: 0, peerOptional: 0, total: 431 },
  },
};

const entry = (fields) => ({
  package: 'beispiel-signer',
  ghsa: GHSA_SIGNER,
  reason: 'Nur in der Bench-Konfiguration erreichbar; keine behobene Version.',
  expires: '2027-01-31',
  ...fields,
});

describe('isAuditReport', () => {
  it('tells a report from npm’s error object (audit endpoint refused)', () => {
    expect(isAuditReport(REPORT)).toBe(true);
    expect(isAuditReport({ auditReportVersion: 2, vulnerabilities: {}, metadata: {} })).toBe(true);
    const refused = {
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      error: { summary: '', detail: '' },
    };
    expect(isAuditReport(refused)).toBe(false);
    expect(isAuditReport({ error: { code: 'ENOTFOUND', summary: 'request failed' } })).toBe(false);
    expect(isAuditReport(null)).toBe(false);
  });
});

describe('blockingAdvisories', () => {
  it('lists each high or critical advisory once, with its package, GHSA and fix; not the packages affected through it', () => {
    expect(blockingAdvisories(REPORT)).toEqual([
      {
        id: '1100001',
        ghsa: GHSA_PARSER,
        package: 'beispiel-parser',
        severity: 'high',
        title: 'Prototype pollution in parse()',
        url: `https://github.com/advisories/${GHSA_PARSER}`,
        range: '<2.0.4',
        fix: 'behoben mit beispiel-app@5.0.0, Major-Update',
      },
      {
        id: '1100003',
        ghsa: GHSA_SIGNER,
        package: 'beispiel-signer',
        severity: 'critical',
        title: 'Signature check skipped',
        url: `https://github.com/advisories/${GHSA_SIGNER}`,
        range: '<=1.2.0',
        fix: 'keine behobene Version verfügbar',
      },
    ]);
  });

  it('finds nothing in a clean report', () => {
    expect(blockingAdvisories({ auditReportVersion: 2, vulnerabilities: {}, metadata: {} })).toEqual([]);
  });
});

describe('auditDecision', () => {
  const advisories = blockingAdvisories(REPORT);

  it('fails on every high or critical advisory that is not allowed, naming it in German', () => {
    const { failures } = auditDecision(advisories, [], TODAY);
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatch(/^Hohe Schwachstelle GHSA-2x4g-jv5f-q8rc in beispiel-parser <2\.0\.4: Prototype/);
    expect(failures[0]).toContain('behoben mit beispiel-app@5.0.0');
    expect(failures[1]).toMatch(/^Kritische Schwachstelle GHSA-9wv6-86v2-598j in beispiel-signer/);
    expect(failures[1]).toContain('Nicht in der Freigabeliste.');
  });

  it('passes when each advisory has a valid entry (by GHSA, any case, or by npm id)', () => {
    const allowlist = [entry({}), entry({ package: 'beispiel-parser', ghsa: undefined, id: 1100001 })];
    const result = auditDecision(advisories, allowlist, TODAY);
    expect(result.failures).toEqual([]);
    expect(result.allowed.map((a) => a.package)).toEqual(['beispiel-parser', 'beispiel-signer']);
    expect(auditDecision(advisories, [entry({ ghsa: GHSA_SIGNER.toUpperCase() })], TODAY).failures).toHaveLength(1);
  });

  it('does not let an entry for another package cover an advisory', () => {
    const { failures } = auditDecision(advisories, [entry({ package: 'beispiel-app', ghsa: GHSA_PARSER })], TODAY);
    expect(failures).toHaveLength(2);
  });

  it('counts an entry on its expiry day and fails it the day after, naming it, whether or not it is still needed', () => {
    const allowlist = [entry({ expires: TODAY })];
    expect(auditDecision(advisories.slice(1), allowlist, TODAY).failures).toEqual([]);
    const { failures } = auditDecision(advisories.slice(1), allowlist, '2026-11-28');
    expect(failures).toEqual([
      expect.stringMatching(
        /^Freigabe abgelaufen: GHSA-9wv6-86v2-598j \(beispiel-signer\) galt bis 2026-11-27\. Abhängigkeit aktualisieren/,
      ),
      expect.stringMatching(/^Kritische Schwachstelle .* Ihr Eintrag in der Freigabeliste gilt nicht/),
    ]);
    // no longer reported, and not even known (the audit could not run): still a failure until removed or renewed
    expect(auditDecision([], allowlist, '2026-11-28').failures).toHaveLength(1);
    expect(auditDecision(null, allowlist, '2026-11-28').failures).toHaveLength(1);
  });

  it('fails an entry that reaches more than three months ahead', () => {
    expect(auditDecision(advisories.slice(1), [entry({ expires: '2027-02-27' })], TODAY).failures).toEqual([]);
    const { failures } = auditDecision(advisories.slice(1), [entry({ expires: '2027-02-28' })], TODAY);
    expect(failures[0]).toBe(
      `Freigabeliste, Eintrag 1 ${GHSA_SIGNER} (beispiel-signer): expires 2027-02-28 liegt mehr als 92 Tage in der ` +
        'Zukunft; eine Freigabe gilt höchstens drei Monate und wird dann neu geprüft.',
    );
    expect(failures).toHaveLength(2);
  });

  it('fails an entry without id or GHSA, package, reason or a real ISO date', () => {
    const allowlist = [
      { package: 'beispiel-signer', reason: 'x', expires: '2027-01-31' },
      { ghsa: GHSA_SIGNER, reason: ' ', expires: '2027-01-31' },
      entry({ expires: '31.01.2027' }),
      entry({ expires: '2027-02-30' }),
      entry({ expires: undefined }),
    ];
    const { failures } = auditDecision(advisories.slice(1), allowlist, TODAY);
    expect(failures.slice(0, 5)).toEqual([
      'Freigabeliste, Eintrag 1 (ohne Kennung) (beispiel-signer): es fehlt id oder ghsa.',
      `Freigabeliste, Eintrag 2 ${GHSA_SIGNER} (ohne Paket): es fehlt package, reason.`,
      `Freigabeliste, Eintrag 3 ${GHSA_SIGNER} (beispiel-signer): expires muss ein Datum der Form JJJJ-MM-TT sein (ist "31.01.2027").`,
      `Freigabeliste, Eintrag 4 ${GHSA_SIGNER} (beispiel-signer): expires muss ein Datum der Form JJJJ-MM-TT sein (ist "2027-02-30").`,
      `Freigabeliste, Eintrag 5 ${GHSA_SIGNER} (beispiel-signer): expires muss ein Datum der Form JJJJ-MM-TT sein (ist undefined).`,
    ]);
    // none of them is valid, so the advisory is not allowed either
    expect(failures).toHaveLength(6);
    expect(allowlistProblems({ eintraege: [] }, TODAY)).toEqual([
      'Die Freigabeliste (audit-allowlist.json) muss eine JSON-Liste sein.',
    ]);
  });

  it('notes entries that cover nothing reported, and only when the audit ran', () => {
    const allowlist = [entry({})];
    expect(auditDecision([], allowlist, TODAY)).toEqual({
      failures: [],
      notes: [`Freigabe ${GHSA_SIGNER} (beispiel-signer) wird nicht mehr gebraucht: Eintrag entfernen.`],
      allowed: [],
    });
    expect(auditDecision(null, allowlist, TODAY)).toEqual({ failures: [], notes: [], allowed: [] });
  });

  it('passes a clean report with an empty allow-list', () => {
    expect(auditDecision([], [], TODAY)).toEqual({ failures: [], notes: [], allowed: [] });
  });
});

describe('entryCovers', () => {
  it('matches the npm id as number or text, or the GHSA', () => {
    const [advisory] = blockingAdvisories(REPORT);
    expect(entryCovers({ package: 'beispiel-parser', id: '1100001' }, advisory)).toBe(true);
    expect(entryCovers({ package: 'beispiel-parser', id: GHSA_PARSER }, advisory)).toBe(true);
    expect(entryCovers({ package: 'beispiel-parser', id: 1100003 }, advisory)).toBe(false);
  });
});

describe('sbomProblems', () => {
  const bom = {
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    metadata: { component: { name: 'dihs-teletherapie', purl: 'pkg:npm/dihs-teletherapie' } },
    components: [
      { group: '@dihs', name: 'server', version: '0.1.0', purl: 'pkg:npm/%40dihs/server@0.1.0' },
      { name: 'fastify', version: '5.6.1', purl: 'pkg:npm/fastify@5.6.1' },
    ],
  };
  const options = { workspace: '@dihs/server', absent: ['vitest'] };

  it('accepts CycloneDX JSON whose components all have an npm purl and that lists the workspace', () => {
    expect(sbomProblems(bom, options)).toEqual([]);
  });

  it('names what is wrong', () => {
    const bad = {
      bomFormat: 'SPDX',
      specVersion: '1.3',
      components: [{ name: 'vitest', version: '4.1.12' }],
    };
    expect(sbomProblems(bad, options)).toEqual([
      'bomFormat ist "SPDX", nicht CycloneDX',
      'specVersion "1.3" (erwartet 1.4+)',
      '1 Komponenten ohne Name, Version oder npm-purl: vitest',
      '@dihs/server fehlt unter den Komponenten',
      'Entwicklungswerkzeuge in der SBOM: vitest',
    ]);
    expect(sbomProblems({ ...bom, components: [] }, options)).toContain('keine Komponenten');
  });
});
