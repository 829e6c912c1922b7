import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';

/** One part of what a browser loads: its compressed bytes and the files they are in. */
export interface LoadCost {
  /** gzip (level 9) bytes of the JavaScript and CSS files, plus index.html for the start. */
  bytes: number;
  files: string[];
}

/** What the build wrote for `scripts/budgets.mjs`: the start's cost and each lazy page's cost on top of it. */
export interface RouteSizeReport {
  start: LoadCost;
  /** By the page's source module (relative to apps/web, e.g. "src/app/routes/termine-patient-page.tsx"). */
  pages: Record<string, LoadCost>;
}

const gzipBytes = (source: string | Uint8Array) => gzipSync(source, { level: 9 }).length;

/**
 * The compressed bytes each page costs a first visit (issue 36 item 4): the start (index.html with the entry and
 * every chunk it imports statically, which every page needs) and, per lazy page, its chunk with the chunks and
 * stylesheets it imports beyond the start's. Read from the final bundle, so it counts what the server sends, and
 * written beside the build, not into it (the server serves everything in dist).
 */
export function routeSizes(reportFile: string): Plugin {
  let root = process.cwd();
  return {
    name: 'dihs-route-sizes',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    writeBundle(_options, bundle) {
      const chunks = new Map<string, Rollup.OutputChunk>();
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
      const sizeOf = (file: string) => {
        const output = bundle[file];
        if (!output) return 0;
        return gzipBytes(output.type === 'chunk' ? output.code : output.source);
      };
      const closure = (start: string) => {
        const seen = new Set<string>();
        const open = [start];
        for (let file = open.pop(); file !== undefined; file = open.pop()) {
          if (seen.has(file)) continue;
          seen.add(file);
          const chunk = chunks.get(file);
          if (!chunk) continue;
          open.push(...chunk.imports);
          // a stylesheet inlined into index.html is no file of the bundle any more: sizeOf counts it as 0
          for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
        }
        return seen;
      };
      const cost = (files: Set<string>, extra: string[] = []): LoadCost => {
        const all = [...files, ...extra].filter((file) => bundle[file]).sort();
        return { bytes: all.reduce((sum, file) => sum + sizeOf(file), 0), files: all };
      };

      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) return;
      const start = closure(entry.fileName);
      const pages: Record<string, LoadCost> = {};
      for (const chunk of chunks.values()) {
        if (!chunk.isDynamicEntry || !chunk.facadeModuleId) continue;
        const own = new Set([...closure(chunk.fileName)].filter((file) => !start.has(file)));
        pages[path.relative(root, chunk.facadeModuleId).split(path.sep).join('/')] = cost(own);
      }
      const report: RouteSizeReport = { start: cost(start, ['index.html']), pages };
      mkdirSync(path.dirname(reportFile), { recursive: true });
      writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
    },
  };
}
