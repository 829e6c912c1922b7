// The compressed bytes each route of the app costs a first visit, against the budgets in apps/web/budgets.json
// (issue 36 item 4). The build writes what each lazy page costs (apps/web/vite-route-sizes.ts); the routes' pages are
// read from apps/web/src/app/pages.tsx. A route over its budget, or one without a budget, fails: a budget is raised
// on purpose, in the commit that needs the bytes, with `npm run budgets -- --write` and the reason in its message.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const REPORT = path.join(web, 'build-report/route-sizes.json');
const BUDGETS = path.join(web, 'budgets.json');
/** Room above today's size when budgets are written: a few hundred bytes of a fix fit, a new library does not. */
const HEADROOM_BYTES = 2048;

/** Route key → the page's module (relative to apps/web), or null for a page that comes with the start. */
function routePages() {
  const source = readFileSync(path.join(web, 'src/app/pages.tsx'), 'utf8');
  const modules = new Map();
  for (const [, name, target] of source.matchAll(/const (\w+) = lazyPage\(\s*\(\) => import\('([^']+)'\)/g)) {
    modules.set(name, path.posix.join('src/app', target));
  }
  const table = source.slice(source.indexOf('export const PAGES'));
  const routes = {};
  for (const [, route, page] of table.matchAll(/^\s+(\w+): (\w+),$/gm)) routes[route] = modules.get(page) ?? null;
  if (Object.keys(routes).length === 0) throw new Error('Keine Routen in apps/web/src/app/pages.tsx gefunden');
  return routes;
}

let report;
try {
  report = JSON.parse(readFileSync(REPORT, 'utf8'));
} catch {
  console.error(`Kein Bericht des Builds unter ${path.relative(root, REPORT)}: erst \`npm run build\`.`);
  process.exit(1);
}
const costs = Object.entries(routePages()).map(([route, page]) => {
  if (page && !report.pages[page]) throw new Error(`Die Seite ${page} der Route ${route} fehlt im Bericht des Builds`);
  return { route, bytes: report.start.bytes + (page ? report.pages[page].bytes : 0) };
});

if (process.argv.includes('--write')) {
  const budgets = Object.fromEntries(
    costs.map(({ route, bytes }) => [route, Math.ceil((bytes + HEADROOM_BYTES) / 1024) * 1024]),
  );
  writeFileSync(BUDGETS, `${JSON.stringify(budgets, null, 2)}\n`);
  console.log(`Budgets für ${costs.length} Routen geschrieben: ${path.relative(root, BUDGETS)}`);
  process.exit(0);
}

const budgets = JSON.parse(readFileSync(BUDGETS, 'utf8'));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const failures = [];
console.log('Route'.padEnd(28), 'gzip'.padStart(10), 'Budget'.padStart(10));
for (const { route, bytes } of costs.sort((a, b) => b.bytes - a.bytes)) {
  const budget = budgets[route];
  console.log(route.padEnd(28), kb(bytes).padStart(10), (budget ? kb(budget) : '–').padStart(10));
  if (budget === undefined) failures.push(`${route}: kein Budget in apps/web/budgets.json`);
  else if (bytes > budget) failures.push(`${route}: ${kb(bytes)} über dem Budget von ${kb(budget)}`);
}
if (failures.length) {
  console.error(`\nBudgets überschritten:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(`\nAlle ${costs.length} Routen im Budget (Start ${kb(report.start.bytes)}).`);
