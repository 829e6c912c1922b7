export { type SitzungEreignisRow } from './video.table.ts';
export { erasePatient } from './video.erase.ts';
