import { VIDEO_MESSAGES, type SitzungInfo } from '@dihs/contract/video';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { getSitzungInfo } from '../api/video-api.ts';
import type { SessionNotice } from './use-conference.ts';
import { openLocalMedia, stopMedia } from './local-media.ts';

export type PreparedSession =
  | { phase: 'loading' }
  | { phase: 'refused'; refusal: SessionNotice; status: number | null }
  | { phase: 'ready'; info: SitzungInfo | null; localStream: MediaStream };

/**
 * Before joining: the session's info (the server's refusal texts of spec 3 section 8) and the own camera and
 * microphone. The loopback test (conferenceId null) has no session info.
 */
/** A new attempt (the connection test's retest) mounts the page's component again. */
export function usePreparedSession(conferenceId: number | null): PreparedSession {
  const [prepared, setPrepared] = useState<PreparedSession>({ phase: 'loading' });

  useEffect(() => {
    let active = true;
    let stream: MediaStream | null = null;
    void (async () => {
      let info: SitzungInfo | null = null;
      if (conferenceId !== null) {
        try {
          info = await getSitzungInfo(conferenceId);
        } catch (error) {
          if (!active) return;
          const title = error instanceof Error && isApiError(error) ? error.message : VIDEO_MESSAGES.unbekannt;
          const status = isApiError(error) ? error.status : null;
          setPrepared({ phase: 'refused', refusal: { title, text: '' }, status });
          return;
        }
      }
      stream = await openLocalMedia();
      if (!active) {
        stopMedia(stream);
        return;
      }
      if (!stream) {
        setPrepared({
          phase: 'refused',
          refusal: { title: VIDEO_MESSAGES.kamera, text: VIDEO_MESSAGES.kameraText },
          status: null,
        });
        return;
      }
      setPrepared({ phase: 'ready', info, localStream: stream });
    })();
    return () => {
      active = false;
      stopMedia(stream);
    };
  }, [conferenceId]);

  return prepared;
}
