import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { selfHostedFonts } from './vite-fonts.ts';
import { inlineEntryStylesheet } from './vite-inline-css.ts';
import { routeSizes } from './vite-route-sizes.ts';

const SERVER = 'http://localhost:3000';

/**
 * The contract modules of the public pages (the menu, content pages, video links) with the part of zod they use:
 * one chunk the landing page loads after its start. Taken before `signedInContract`, so that group does not pull
 * these (or the zod they use) into its chunk.
 */
const publicContract = /packages[\\/]contract[\\/]src[\\/](navigation|inhalt|common[\\/]video-url)\.ts$/;
/**
 * Every other contract module with what it imports (the rest of zod): one chunk instead of about fifteen of 1-9 KB,
 * each a request of its own on the signed-in pages.
 */
const signedInContract = /packages[\\/]contract[\\/]src[\\/]/;

export default defineConfig({
  // Brotli and gzip copies beside each text asset, made once at build time: the server sends the one the browser
  // accepts (@fastify/static preCompressed) without compressing per request.
  plugins: [
    react(),
    // the faces of src/app/fonts.ts; the landing page's heading (Slab 500) and text (400) are preloaded
    selfHostedFonts([
      { family: 'Roboto', weights: [400, 500, 700], preload: [400], filePrefix: 'roboto-latin' },
      { family: 'Roboto Condensed', weights: [500], preload: [500], filePrefix: 'roboto-condensed-latin' },
    ]),
    inlineEntryStylesheet(),
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
    // what each page costs a first visit, for the budgets npm test holds (scripts/budgets.mjs)
    routeSizes(new URL('build-report/route-sizes.json', import.meta.url).pathname),
  ],
  server: {
    proxy: {
      '/api': SERVER,
      '/ws': { target: SERVER, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // every browser we support has native modulepreload; the polyfill would only add bytes to the entry chunk
    modulePreload: { polyfill: false },
    // Fewer, larger chunks (docs/decisions.md "Two chunk groups"): by default every MUI component shared by a few
    // pages became a chunk of its own (192 files, median 2.8 KB), and /patient/termine fetched 63 of them after the
    // entry, one round trip per six on a phone. Now what the entry needs statically is one chunk beside it, and
    // every MUI module the pages add is one more, shared by all pages and unchanged by our own releases. The contract
    // (endpoint declarations and schemas) is two more: the public pages' part and the rest.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'], priority: 2 },
            { name: 'mui', test: /node_modules[\\/]@mui[\\/](material|system|utils|base)[\\/]/, priority: 1 },
            { name: 'public-contract', test: publicContract, priority: 1 },
            { name: 'contract', test: signedInContract, priority: 1 },
          ],
        },
      },
    },
  },
});
