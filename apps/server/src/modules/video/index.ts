export { sitzungEreignisse, type SitzungEreignisRow } from './video.table.ts';
export { videoRoutes } from './video.routes.ts';
export { deleteSitzungEreignisseOf } from './video-retention.ts';
