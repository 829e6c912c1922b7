// npm run seed: creates the demo world in the database named by DATABASE_URL (or the embedded one), once.
import { ensureBuild, ensureDependencies, run } from './lib.mjs';

ensureDependencies();
ensureBuild();
run(process.execPath, ['apps/server/dist/seed.js']);
