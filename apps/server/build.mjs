// Bundles the server into dist/main.js: our code and the contract package inlined, npm dependencies
// left external (native addons such as argon2 and PGlite's wasm must load from node_modules).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: {
    main: new URL('./src/main.ts', import.meta.url).pathname,
    seed: new URL('./src/seed-main.ts', import.meta.url).pathname,
    'rotate-file-key': new URL('./src/rotate-file-key-main.ts', import.meta.url).pathname,
    'rotate-jwt-secret': new URL('./src/rotate-jwt-secret-main.ts', import.meta.url).pathname,
    'protokoll-pruefen': new URL('./src/protokoll-pruefen-main.ts', import.meta.url).pathname,
    datensicherung: new URL('./src/datensicherung-main.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
