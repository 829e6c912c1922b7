import { z } from 'zod';

/** Zod's built-in messages in German, for every rule that has no message of its own. Import once per process. */
z.config(z.locales.de());
