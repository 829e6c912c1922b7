// The decisions of the supply-chain checks (issue 31 item 9, O.TrdP_1–3), without I/O so that they are unit-tested
// (supply-chain.test.mjs): which advisories of an `npm audit --json` report count, which of them an allow-list entry
// covers, which entries are invalid or expired, and whether an SBOM is the CycloneDX JSON the build promises.
// scripts/audit.mjs and scripts/sbom.mjs do the running and reading. Only Node built-ins (none needed here).

/** The severities that fail the gate (npm audit's names). */
export const BLOCKING_SEVERITIES = ['high', 'critical'];

const SEVERITY_DE = { high: 'Hohe', critical: 'Kritische' };

/**
 * True when the parsed output of `npm audit --json` is a report (npm 7+: `vulnerabilities` and `metadata`), false
 * when it is npm's error object (audit endpoint unreachable or refused, e.g. `{ message, statusCode, error }`).
 */
export const isAuditReport = (output) =>
  typeof output === 'object' &&
  output !== null &&
  typeof output.vulnerabilities === 'object' &&
  output.vulnerabilities !== null;

const GHSA = /GHSA(-[23456789cfghjmpqrvwx]{4}){3}/i;
/** GitHub's spelling of a GHSA id: the prefix in capitals, the rest in small letters. */
const canonicalGhsa = (id) => (id ? `GHSA${id.slice(4).toLowerCase()}` : null);

/**
 * The advisories of a report with a blocking severity, one per advisory and package: `via` objects are advisories
 * of the named package; `via` strings only say that a package is affected through another one, whose advisory is
 * listed there (so allowing the advisory covers its dependants). Sorted by package and id.
 * @returns {{ id: string, ghsa: string | null, package: string, severity: string, title: string, url: string,
 *   range: string, fix: string }[]}
 */
export function blockingAdvisories(report) {
  const found = new Map();
  for (const vulnerability of Object.values(report.vulnerabilities ?? {})) {
    for (const via of vulnerability.via ?? []) {
      if (typeof via !== 'object' || via === null || !BLOCKING_SEVERITIES.includes(via.severity)) continue;
      const packageName = via.name ?? vulnerability.name;
      const id = String(via.source ?? via.url ?? via.title);
      const key = `${packageName}\u0000${id}`;
      if (found.has(key)) continue;
      const affected = report.vulnerabilities[packageName] ?? vulnerability;
      found.set(key, {
        id,
        ghsa: canonicalGhsa(String(via.url ?? '').match(GHSA)?.[0]),
        package: packageName,
        severity: via.severity,
        title: via.title ?? '',
        url: via.url ?? '',
        range: via.range ?? '',
        fix: describeFix(affected.fixAvailable),
      });
    }
  }
  return [...found.values()].sort((a, b) => a.package.localeCompare(b.package) || a.id.localeCompare(b.id));
}

function describeFix(fixAvailable) {
  if (fixAvailable === true) return 'behobene Version verfügbar (npm audit fix)';
  if (fixAvailable && typeof fixAvailable === 'object') {
    const major = fixAvailable.isSemVerMajor ? ', Major-Update' : '';
    return `behoben mit ${fixAvailable.name}@${fixAvailable.version}${major}`;
  }
  return 'keine behobene Version verfügbar';
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isIsoDate = (value) =>
  typeof value === 'string' &&
  ISO_DATE.test(value) &&
  new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** An entry counts for at most this many days from today (about three months), then it is looked at again. */
export const MAX_ALLOW_DAYS = 92;
const daysBetween = (from, to) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** How an entry is named in messages: its id or GHSA, and its package. */
const entryName = (entry) => `${entry?.ghsa ?? entry?.id ?? '(ohne Kennung)'} (${entry?.package ?? 'ohne Paket'})`;

/**
 * The problems of the allow-list itself, in German: not a list, an entry without id or GHSA, package, reason or a
 * valid ISO date `expires`, an expired entry (`expires` is the last day it counts; before `today`, YYYY-MM-DD,
 * it fails whether or not the advisory is still reported, so nothing stays allowed unreviewed), or one that expires
 * more than MAX_ALLOW_DAYS after today.
 */
export function allowlistProblems(allowlist, today) {
  if (!Array.isArray(allowlist)) return ['Die Freigabeliste (audit-allowlist.json) muss eine JSON-Liste sein.'];
  const problems = [];
  allowlist.forEach((entry, index) => {
    const where = `Freigabeliste, Eintrag ${index + 1} ${entryName(entry)}`;
    if (typeof entry !== 'object' || entry === null) {
      problems.push(`${where}: kein Objekt.`);
      return;
    }
    const missing = [];
    if (!(typeof entry.ghsa === 'string' && entry.ghsa) && !['string', 'number'].includes(typeof entry.id)) {
      missing.push('id oder ghsa');
    }
    if (!(typeof entry.package === 'string' && entry.package)) missing.push('package');
    if (!(typeof entry.reason === 'string' && entry.reason.trim())) missing.push('reason');
    if (missing.length) problems.push(`${where}: es fehlt ${missing.join(', ')}.`);
    if (!isIsoDate(entry.expires)) {
      problems.push(
        `${where}: expires muss ein Datum der Form JJJJ-MM-TT sein (ist ${JSON.stringify(entry.expires)}).`,
      );
    } else if (entry.expires < today) {
      problems.push(
        `Freigabe abgelaufen: ${entryName(entry)} galt bis ${entry.expires}. Abhängigkeit aktualisieren oder die ` +
          'Freigabe nach erneuter Prüfung mit neuem Datum verlängern (docs/operations.md, Abhängigkeiten).',
      );
    } else if (daysBetween(today, entry.expires) > MAX_ALLOW_DAYS) {
      problems.push(
        `${where}: expires ${entry.expires} liegt mehr als ${MAX_ALLOW_DAYS} Tage in der Zukunft; eine Freigabe ` +
          'gilt höchstens drei Monate und wird dann neu geprüft.',
      );
    }
  });
  return problems;
}

/** True when the entry names the advisory (its npm id or its GHSA, case-insensitive) for the same package. */
export function entryCovers(entry, advisory) {
  if (entry?.package !== advisory.package) return false;
  const names = [entry.id, entry.ghsa].filter((v) => v !== undefined && v !== null).map((v) => String(v).toUpperCase());
  const ghsa = advisory.ghsa?.toUpperCase();
  return names.some((name) => name === advisory.id.toUpperCase() || name === ghsa);
}

/**
 * The gate's decision: advisories (blockingAdvisories) + allow-list + today (YYYY-MM-DD) → German failures (empty:
 * passed) and notes. An advisory fails unless a valid entry that has not expired covers it; the allow-list's own
 * problems fail too. Entries that cover nothing reported are notes (remove them), not failures. Pass `advisories`
 * null when the audit could not run: then only the allow-list is checked.
 * @returns {{ failures: string[], notes: string[], allowed: object[] }}
 */
export function auditDecision(advisories, allowlist, today) {
  const failures = allowlistProblems(allowlist, today);
  const entries = Array.isArray(allowlist) ? allowlist : [];
  const valid = entries.filter((entry) => allowlistProblems([entry], today).length === 0);
  const allowed = [];
  const used = new Set();
  for (const advisory of advisories ?? []) {
    const entry = valid.find((candidate) => entryCovers(candidate, advisory));
    if (entry) {
      allowed.push(advisory);
      used.add(entry);
      continue;
    }
    const expired = entries.find((candidate) => entryCovers(candidate, advisory));
    failures.push(
      `${SEVERITY_DE[advisory.severity] ?? advisory.severity} Schwachstelle ${advisory.ghsa ?? advisory.id} in ` +
        `${advisory.package} ${advisory.range}: ${advisory.title} (${advisory.url}); ${advisory.fix}.` +
        (expired ? ' Ihr Eintrag in der Freigabeliste gilt nicht (siehe oben).' : ' Nicht in der Freigabeliste.'),
    );
  }
  const notes =
    advisories === null
      ? []
      : valid
          .filter((entry) => !used.has(entry))
          .map((entry) => `Freigabe ${entryName(entry)} wird nicht mehr gebraucht: Eintrag entfernen.`);
  return { failures, notes, allowed };
}

/**
 * The problems of an SBOM the build wrote (German; empty: fine): CycloneDX JSON of spec 1.4 or newer, the
 * workspace as a component, every component with a name, a version and an npm purl, and none of the given packages
 * that must not be in it (dev-only tools: the SBOM lists production dependencies).
 */
export function sbomProblems(bom, { workspace, absent = [] }) {
  if (typeof bom !== 'object' || bom === null) return ['keine JSON-Struktur'];
  const problems = [];
  if (bom.bomFormat !== 'CycloneDX') problems.push(`bomFormat ist ${JSON.stringify(bom.bomFormat)}, nicht CycloneDX`);
  const [major, minor] = String(bom.specVersion ?? '')
    .split('.')
    .map(Number);
  if (!(major === 1 && minor >= 4)) problems.push(`specVersion ${JSON.stringify(bom.specVersion)} (erwartet 1.4+)`);
  const components = Array.isArray(bom.components) ? bom.components : [];
  if (components.length === 0) problems.push('keine Komponenten');
  const fullName = (c) => (c.group ? `${c.group}/${c.name}` : c.name);
  const withoutPurl = components.filter((c) => !c.name || !c.version || !String(c.purl ?? '').startsWith('pkg:npm/'));
  if (withoutPurl.length) {
    problems.push(`${withoutPurl.length} Komponenten ohne Name, Version oder npm-purl: ${withoutPurl.map(fullName)}`);
  }
  if (!components.some((c) => fullName(c) === workspace)) problems.push(`${workspace} fehlt unter den Komponenten`);
  const present = absent.filter((name) => components.some((c) => fullName(c) === name));
  if (present.length) problems.push(`Entwicklungswerkzeuge in der SBOM: ${present.join(', ')}`);
  return problems;
}
