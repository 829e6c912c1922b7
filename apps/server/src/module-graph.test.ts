import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The modules form a directed acyclic graph, and the core imports no module (ARCHITECTURE.md, convention 4; issue 30
// item 3). eslint's import-x/no-cycle sees cycles between files at run time only: two modules may import each other
// through different files, or through types, without any file cycle. This test reads every import of the server's
// production code (tests and test support left out: they may set up any module's tables) and checks the graph of
// modules. Type-only imports count: a type names what a module knows of another, and a type cycle is a design
// cycle that the next value import turns into a load-order cycle. The composition roots (app.ts, main.ts, seed.ts,
// schema.ts, modules/index.ts) belong to no module; app.ts reaches the modules only through their descriptors.
// `MODULE_GRAPH=1` prints the graph (docs/modules.md shows its layers).

const SRC = dirname(fileURLToPath(import.meta.url));

/** Test code: free to reach any module's tables and fixtures, so not part of the graph. */
const isTestCode = (file: string) =>
  /\.(int\.)?test\.ts$/.test(file) || /[.-]test-support\.ts$/.test(file) || file.startsWith('test/');

/** The core (ARCHITECTURE.md layout): cross-cutting plugins, adapters, the database and the app's types. */
const isCore = (file: string) => /^(plugins|lib|db)\//.test(file) || file === 'app-types.ts';

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [relative(SRC, path)] : [];
  });
}

interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

/** The relative imports and re-exports of one file (static and dynamic), resolved to files under src/. */
function importsOf(file: string): Import[] {
  const source = ts.createSourceFile(file, readFileSync(join(SRC, file), 'utf8'), ts.ScriptTarget.Latest, false);
  const found: Import[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    if (!specifier.startsWith('.')) return;
    found.push({ from: file, to: relative(SRC, resolve(SRC, dirname(file), specifier)), typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const allInlineTypes =
        !!bindings &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        !clause.name &&
        bindings.elements.every((element) => element.isTypeOnly);
      add(node.moduleSpecifier.text, !!clause && (clause.isTypeOnly || allInlineTypes));
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The module a file belongs to (`modules/<m>/…`), or undefined outside a module's folder. */
const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1];

const files = sourceFiles().filter((file) => !isTestCode(file));
const imports = files.flatMap(importsOf);

/**
 * A table file referencing another module's table for `.references()`: the one reach into another module that
 * convention 4 allows. It is the schema's integrity rule, kept by the database, not a call: a module's code never
 * runs through it. Not an edge of the graph, or every foreign key would forbid the referenced module to call the
 * referencing one (users.table.ts names firma.table.ts; firma sets a user's company through users/index.ts).
 */
const isForeignKey = (from: string, to: string) => from.endsWith('.table.ts') && to.endsWith('.table.ts');

/** Module → modules it imports, each with the files that make the edge (for the message). */
type Graph = Map<string, Map<string, string[]>>;
const graph: Graph = new Map();
for (const { from, to, typeOnly } of imports) {
  const a = moduleOf(from);
  const b = moduleOf(to);
  if (!a || !b || a === b || isForeignKey(from, to)) continue;
  const edges = graph.get(a) ?? new Map<string, string[]>();
  graph.set(a, edges);
  edges.set(b, [...(edges.get(b) ?? []), `${from} → ${to}${typeOnly ? ' (type)' : ''}`]);
}

/** The strongly connected components with more than one module (Tarjan): each is one loop or several. */
function loops(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** One shortest cycle through the component's first module, inside the component (breadth-first). */
function cycleIn(graph: Graph, component: string[]): string[] {
  const start = component[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      if (!component.includes(next) || previous.has(next)) continue;
      previous.set(next, node);
      if (next === start) queue.length = 0;
      else queue.push(next);
    }
  }
  const path: string[] = [];
  for (let node = previous.get(start)!; node !== start; node = previous.get(node)!) path.unshift(node);
  return [start, ...path, start];
}

if (process.env.MODULE_GRAPH === '1') {
  for (const [a, edges] of [...graph].sort(([x], [y]) => x.localeCompare(y))) {
    console.log(`${a} → ${[...edges.keys()].sort().join(', ')}`);
  }
  // layer n: the modules whose longest import chain is n long (0: imports no module); only meaningful without a loop
  const modules = [...new Set(files.map(moduleOf).filter((name) => name !== undefined))];
  const layer = new Map<string, number>();
  const depth = (name: string, seen = new Set<string>()): number => {
    if (layer.has(name)) return layer.get(name)!;
    if (seen.has(name)) return 0;
    seen.add(name);
    const below = [...(graph.get(name)?.keys() ?? [])].map((next) => depth(next, seen) + 1);
    layer.set(name, Math.max(0, ...below));
    return layer.get(name)!;
  };
  for (const name of modules) depth(name);
  for (let n = 0; n <= Math.max(...layer.values()); n++) {
    console.log(
      `Schicht ${n}: ${[...layer]
        .filter(([, l]) => l === n)
        .map(([name]) => name)
        .sort()
        .join(', ')}`,
    );
  }
}

describe('module graph', () => {
  it('reads the server sources (sanity: the parser finds the known module edges)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(graph.get('cart')?.has('termin')).toBe(true);
  });

  it('finds a loop where there is one (the check itself)', () => {
    const edge = (...to: string[]) => new Map(to.map((name) => [name, [`→ ${name}`]]));
    const sample: Graph = new Map([
      ['a', edge('b')],
      ['b', edge('c', 'd')],
      ['c', edge('a')],
      ['d', edge()],
    ]);
    expect(loops(sample)).toEqual([['a', 'b', 'c']]);
    expect(cycleIn(sample, ['a', 'b', 'c'])).toEqual(['a', 'b', 'c', 'a']);
    expect(loops(new Map([['a', edge('b')]]))).toEqual([]);
  });

  it('has no cycle between modules', () => {
    const details = loops(graph).map((component) => {
      const cycle = cycleIn(graph, component);
      const edges = cycle.slice(1).map((to, i) => `    ${cycle[i]} → ${to}: ${graph.get(cycle[i]!)!.get(to)![0]}`);
      const inside = component.flatMap((a) =>
        [...(graph.get(a)?.keys() ?? [])].filter((b) => component.includes(b)).map((b) => `${a} → ${b}`),
      );
      return [cycle.join(' → '), ...edges, `    alle Kanten im Kreis: ${inside.join(', ')}`].join('\n');
    });
    expect(details.join('\n'), 'Zyklen zwischen Modulen').toBe('');
  });

  it('core folders (plugins/, lib/, db/, app-types.ts) import no module', () => {
    const violations = imports
      .filter(({ from, to }) => isCore(from) && to.startsWith('modules/'))
      .map(({ from, to, typeOnly }) => `${from} → ${to}${typeOnly ? ' (type)' : ''}`);
    expect(violations.join('\n'), 'Kern importiert Module').toBe('');
  });

  it('app.ts reaches the modules only through their descriptors (modules/index.ts)', () => {
    const direct = imports
      .filter(({ from, to }) => from === 'app.ts' && to.startsWith('modules/'))
      .map(({ to }) => to)
      .filter((to) => to !== 'modules/index.ts' && to !== 'modules/module-descriptor.ts');
    expect(direct).toEqual([]);
  });
});
