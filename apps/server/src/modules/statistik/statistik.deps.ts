// What the statistics read of other modules: the caller's company and whether it wants its own rows.
export { findFirma } from '../firma/index.ts';
export { findUserById } from '../users/index.ts';
