// The SBOMs of the build (issue 31 item 9, O.TrdP_1): CycloneDX 1.6 JSON of the production dependencies of the
// server and of the web app (`@cyclonedx/cyclonedx-npm --omit dev --workspace …`, from node_modules and the
// lockfile), both in apps/server/dist, the folder a deployment ships:
//   apps/server/dist/sbom.cdx.json      @dihs/server
//   apps/server/dist/sbom-web.cdx.json  @dihs/web (not in apps/web/dist: the server serves that folder to everyone)
// The contract package is bundled into both and needs only zod, which both list themselves. Reproducible output
// (no timestamp or serial number): the same lockfile gives the same files. `npm run build` calls this (about 2 s);
// each file is checked after writing (supply-chain.mjs sbomProblems) and the script fails when one is not right.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root, runBuffered } from './lib.mjs';
import { sbomProblems } from './supply-chain.mjs';

const OUT = path.join(root, 'apps/server/dist');
const SBOMS = [
  { workspace: '@dihs/server', file: path.join(OUT, 'sbom.cdx.json') },
  { workspace: '@dihs/web', file: path.join(OUT, 'sbom-web.cdx.json') },
];
// dev-only tools of the root and the workspaces that a production SBOM must not list
const ABSENT = ['vitest', 'eslint', '@cyclonedx/cyclonedx-npm', 'esbuild', 'vite', 'drizzle-kit'];

const started = Date.now();
mkdirSync(OUT, { recursive: true });
const results = await Promise.all(
  SBOMS.map(({ workspace, file }) =>
    runBuffered('npx', [
      '--no-install',
      'cyclonedx-npm',
      '--omit',
      'dev',
      '--workspace',
      workspace,
      '--flatten-components',
      '--output-reproducible',
      '--validate',
      '--spec-version',
      '1.6',
      '--output-file',
      file,
    ]),
  ),
);
const failed = [];
SBOMS.forEach(({ workspace, file }, index) => {
  if (!results[index].ok) {
    failed.push(`${workspace}: cyclonedx-npm ist fehlgeschlagen`);
    return;
  }
  const bom = JSON.parse(readFileSync(file, 'utf8'));
  const problems = sbomProblems(bom, { workspace, absent: ABSENT });
  if (problems.length) failed.push(`${workspace} (${path.relative(root, file)}): ${problems.join('; ')}`);
  else console.log(`SBOM ${path.relative(root, file)}: ${bom.components.length} Komponenten (${workspace})`);
});
if (failed.length) {
  console.error(`SBOM fehlerhaft:\n- ${failed.join('\n- ')}`);
  process.exit(1);
}
console.log(`SBOMs geschrieben in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
