import { z } from 'zod';
import './zod-locale.ts';

// Imported first by the web app, before any schema is parsed. Zod 4 compiles a fast object parser with
// `new Function` after probing whether eval is allowed; our CSP forbids eval, so the probe only produced a CSP
// violation report on every page. jitless skips the probe and the compiled path.
z.config({ jitless: true });
