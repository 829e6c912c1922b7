import { videoIdOf } from '@dihs/contract/common/video-url';
import { STATISTIK_TYPEN, statistikEndpoints } from '@dihs/contract/statistik';
import { callEndpoint } from './endpoint-client.ts';

/**
 * Counts a view for the operators' statistics (spec 3 section 7): fire and forget, a failure changes nothing the
 * viewer sees.
 */
function zaehle(body: { type: 0 | 1; aktionid?: string }): void {
  callEndpoint(statistikEndpoints.ereignis, { body }).catch(() => undefined);
}

/** A training plan was opened. */
export const zaehleTrainingsplan = () => zaehle({ type: STATISTIK_TYPEN.TRAININGSPLAN });

/** A video was played: counted under the id from its link. */
export function zaehleVideo(url: string): void {
  const aktionid = videoIdOf(url);
  if (aktionid) zaehle({ type: STATISTIK_TYPEN.VIDEOAUFRUF, aktionid });
}
