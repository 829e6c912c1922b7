// The vulnerability gate (issue 31 item 9, O.TrdP_1–3): `npm audit --omit=dev --json` over the production
// dependencies of all workspaces; fails on every high or critical advisory that audit-allowlist.json does not list
// with a reason and an expiry date, and on every expired or incomplete entry (the decisions: supply-chain.mjs).
//
//   node scripts/audit.mjs                    runs npm audit against the registry
//   node scripts/audit.mjs --bericht <datei>  checks a saved `npm audit --omit=dev --json` report instead
//   AUDIT_STRENG=1 (or --streng)              fails when the audit endpoint cannot be reached
//
// The registry's audit endpoint unreachable (offline, or a mirror or proxy that allows GET only, as on the
// machines this project is built on: 405 for the POST): by default a German warning and exit 0, the allow-list still
// checked; strict mode fails (docs/operations.md, docs/decisions.md "Issue 31 item 9"). Only Node built-ins.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';
import { auditDecision, blockingAdvisories, isAuditReport } from './supply-chain.mjs';

const ALLOWLIST = path.join(root, 'audit-allowlist.json');
const args = process.argv.slice(2);
const reportFile = args.includes('--bericht') ? (args[args.indexOf('--bericht') + 1] ?? '') : undefined;
// a report given by name must be read: strict as well
const strict =
  args.includes('--streng') || reportFile !== undefined || ['1', 'true'].includes(process.env.AUDIT_STRENG ?? '');
const today = new Date().toISOString().slice(0, 10);

function readAllowlist() {
  if (!existsSync(ALLOWLIST)) return [];
  try {
    return JSON.parse(readFileSync(ALLOWLIST, 'utf8'));
  } catch (error) {
    return { unreadable: error.message };
  }
}

/** The parsed report, or { unreachable: German message } when npm audit gave none. */
function audit() {
  if (reportFile !== undefined) {
    let output;
    try {
      output = JSON.parse(readFileSync(path.resolve(reportFile), 'utf8'));
    } catch (error) {
      return { unreachable: `Der Bericht ${reportFile} ist nicht lesbar: ${error.message}.` };
    }
    if (isAuditReport(output)) return output;
    return { unreachable: `${reportFile} ist kein Bericht von npm audit --json.` };
  }
  // exit code 1 also means "vulnerabilities found": the JSON decides
  const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 120_000,
  });
  let output;
  try {
    output = JSON.parse(result.stdout);
  } catch {
    const reason = result.error?.message ?? result.stderr?.trim().split('\n').at(-1) ?? `Exit-Code ${result.status}`;
    return { unreachable: endpointMessage(reason || `Exit-Code ${result.status}`) };
  }
  if (isAuditReport(output)) return output;
  return {
    unreachable: endpointMessage(
      output?.message ?? output?.error?.summary ?? output?.error?.code ?? JSON.stringify(output),
    ),
  };
}

const endpointMessage = (reason) =>
  'Die Sicherheitsprüfung der Abhängigkeiten konnte nicht laufen: der Audit-Dienst der npm-Registry ist nicht ' +
  `erreichbar (${reason}). Bekannte Schwachstellen wurden NICHT geprüft. Auf einem Rechner mit Zugang: ` +
  'npm audit --omit=dev --json > bericht.json, dann node scripts/audit.mjs --bericht bericht.json.';

const allowlist = readAllowlist();
if (allowlist && !Array.isArray(allowlist) && 'unreadable' in allowlist) {
  console.error(`Die Freigabeliste audit-allowlist.json ist kein gültiges JSON: ${allowlist.unreadable}`);
  process.exit(1);
}
const report = audit();
const reachable = !('unreachable' in report);
const advisories = reachable ? blockingAdvisories(report) : null;
const { failures, notes, allowed } = auditDecision(advisories, allowlist, today);

if (reachable) {
  const counts = report.metadata?.vulnerabilities ?? {};
  const checked = report.metadata?.dependencies?.prod ?? report.metadata?.dependencies?.total ?? '?';
  console.log(
    `Sicherheitsprüfung der Abhängigkeiten (npm audit, nur Produktion, ${checked} Pakete): ` +
      `${counts.critical ?? 0} kritisch, ${counts.high ?? 0} hoch, ${counts.moderate ?? 0} mittel, ` +
      `${counts.low ?? 0} niedrig; ${allowed.length} hohe oder kritische Meldungen freigegeben.`,
  );
  for (const advisory of allowed) {
    console.log(`  freigegeben: ${advisory.ghsa ?? advisory.id} in ${advisory.package} (${advisory.severity})`);
  }
} else {
  if (strict) failures.unshift(report.unreachable);
  else console.warn(`WARNUNG: ${report.unreachable} Mit AUDIT_STRENG=1 schlägt das fehl.`);
}
for (const note of notes) console.log(`Hinweis: ${note}`);
if (failures.length) {
  console.error(`\nSicherheitsprüfung der Abhängigkeiten fehlgeschlagen (${failures.length}):`);
  for (const failure of failures) console.error(`- ${failure}`);
  // the remedy of findings and allow-list problems, not of an unreachable endpoint or report
  if (failures.length > (!reachable && strict ? 1 : 0)) {
    console.error(
      '\nBeheben: die Abhängigkeit aktualisieren (npm audit fix oder npm install <paket>@<version>, dann die ' +
        'betroffenen Tests). Nur wenn keine behobene Version verfügbar ist: einen Eintrag in audit-allowlist.json mit ' +
        'id oder ghsa, package, reason und expires (docs/operations.md, Abhängigkeiten), im Review bestätigt.',
    );
  }
  process.exit(1);
}
if (reachable) console.log('Sicherheitsprüfung der Abhängigkeiten bestanden.');
