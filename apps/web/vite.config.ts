import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const SERVER = 'http://localhost:3000';

export default defineConfig({
  // Brotli and gzip copies beside each text asset, made once at build time: the server sends the one the browser
  // accepts (@fastify/static preCompressed) without compressing per request.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
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
  },
});
