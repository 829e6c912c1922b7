// npm start: install what is missing, build, then run the server (it migrates and seeds the database itself).
import { ensureBuild, ensureDependencies, startChild } from './lib.mjs';

ensureDependencies();
ensureBuild();
startChild(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  NODE_ENV: process.env.NODE_ENV ?? 'production',
});
