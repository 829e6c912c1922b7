import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type HtmlTagDescriptor, type Plugin, type ResolvedConfig } from 'vite';

const ROOT_ELEMENT = '<div id="root"></div>';
/** The modulepreload links preloadAppChunks adds (marked, so that the start page can drop them). */
const APP_PRELOAD_MARK = 'data-app-chunk';
const APP_PRELOAD = new RegExp(`\\s*<link [^>]*${APP_PRELOAD_MARK}[^>]*>`, 'g');

/**
 * The start page rendered to HTML at build time: after the browser build, the module `entry` (exporting
 * `renderStartPage(): Promise<string>`) is built for Node, run once, and its HTML put into the built index.html's
 * root, written as `file` beside index.html with its brotli and gzip copies. The server sends it for `/` only
 * (apps/server/src/plugins/static-spa.ts); every other address gets the empty index.html.
 */
export function prerenderStartPage({ entry, file }: { entry: string; file: string }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'dihs-prerender-start',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      // inside the package, so that Node reads the built module as ESM ("type": "module")
      const ssrDir = path.join(config.root, 'node_modules', '.dihs-prerender');
      rmSync(ssrDir, { recursive: true, force: true });
      mkdirSync(ssrDir, { recursive: true });
      try {
        await build({
          configFile: false,
          root: config.root,
          logLevel: 'warn',
          plugins: [react()],
          // one self-contained module: no dependency is resolved by Node at run time
          ssr: { noExternal: true },
          build: { ssr: entry, outDir: ssrDir, emptyOutDir: true, minify: false },
        });
        const built = readdirSync(ssrDir).find((name) => /\.m?js$/.test(name));
        if (!built) throw new Error('Vorgerenderte Startseite: kein Modul gebaut');
        const module = (await import(pathToFileURL(path.join(ssrDir, built)).href)) as {
          renderStartPage: () => Promise<string>;
        };
        const body = await module.renderStartPage();
        const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        if (!template.includes(ROOT_ELEMENT)) throw new Error(`index.html hat kein ${ROOT_ELEMENT}`);
        const html = template
          .replace(ROOT_ELEMENT, `<div id="root">${body}</div>`)
          // the page is painted before the app is needed: its chunks load after the first paint (main.tsx), not
          // beside the page's own bytes
          .replace(APP_PRELOAD, '');
        writeFileSync(path.join(outDir, file), html);
        writeFileSync(
          path.join(outDir, `${file}.br`),
          brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
        );
        writeFileSync(path.join(outDir, `${file}.gz`), gzipSync(html, { level: 9 }));
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The entry (main.tsx) only loads the app module `entry` with a dynamic import, after the prerendered page has been
 * painted; this puts a modulepreload for that chunk and every chunk it imports statically into index.html (and so
 * into start.html), so they download beside the entry instead of after it.
 */
export function preloadAppChunks({ entry }: { entry: string }): Plugin {
  return {
    name: 'dihs-preload-app-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return undefined;
        const wanted = `/${entry}`;
        const app = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(wanted),
        );
        if (!app || app.type !== 'chunk') throw new Error(`Kein Chunk für ${entry}`);
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        visit(app.fileName);
        const tags: HtmlTagDescriptor[] = [...files]
          // the entry's own static imports are linked by Vite already
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}`, [APP_PRELOAD_MARK]: '' },
            injectTo: 'head',
          }));
        return tags;
      },
    },
  };
}
