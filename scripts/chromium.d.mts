// Types of chromium.mjs for the TypeScript callers (the e2e config).

export const CHROMIUM_ARGS: readonly string[];
