/** What one direction of the connection test shows at one moment. */
export interface DirectionSample {
  /** The connection's ICE path is up (connected or completed). */
  connected: boolean;
  /** Video frames decoded so far (getStats inbound-rtp, kind video). */
  framesDecoded: number;
  /** Audio bytes received so far (getStats inbound-rtp, kind audio). */
  audioBytes: number;
  /** Frames the video element has presented so far (getVideoPlaybackQuality). */
  shownFrames: number;
  /** The element knows the picture's size: something is on screen. */
  videoWidth: number;
}

export type Direction = 'hin' | 'rueck';

const LABELS: Record<Direction, string> = { hin: 'Empfangenes Bild', rueck: 'Rückkanal' };

/** Decoded video frames and received audio bytes of one connection. */
export async function inboundStats(
  pc: Pick<RTCPeerConnection, 'getStats'>,
): Promise<{ framesDecoded: number; audioBytes: number }> {
  const report = await pc.getStats();
  let framesDecoded = 0;
  let audioBytes = 0;
  report.forEach((entry: { type?: string; kind?: string; framesDecoded?: number; bytesReceived?: number }) => {
    if (entry.type !== 'inbound-rtp') return;
    if (entry.kind === 'video') framesDecoded += entry.framesDecoded ?? 0;
    if (entry.kind === 'audio') audioBytes += entry.bytesReceived ?? 0;
  });
  return { framesDecoded, audioBytes };
}

/** One direction's sample: the connection's statistics and what its video element shows. */
export async function sampleDirection(
  pc: Pick<RTCPeerConnection, 'getStats' | 'iceConnectionState'> | undefined,
  video: HTMLVideoElement | null,
): Promise<DirectionSample> {
  const stats = pc ? await inboundStats(pc) : { framesDecoded: 0, audioBytes: 0 };
  const state = pc?.iceConnectionState;
  return {
    connected: state === 'connected' || state === 'completed',
    ...stats,
    shownFrames: video?.getVideoPlaybackQuality().totalVideoFrames ?? 0,
    videoWidth: video && !video.paused ? video.videoWidth : 0,
  };
}

/**
 * Why one direction fails, comparing its first sample with the latest; null when it works. It works only when new
 * video frames were decoded AND shown since the first sample (frames decoded once, or a connection that is merely
 * "connected", prove nothing: the picture could still be black), and audio arrived when the own stream has any.
 */
export function directionProblem(
  direction: Direction,
  first: DirectionSample,
  latest: DirectionSample,
  expectAudio: boolean,
): string | null {
  const label = LABELS[direction];
  if (!latest.connected && latest.framesDecoded === 0) {
    return `${label}: Es kam keine Verbindung zustande. Möglicherweise blockiert eine Firewall oder ein Proxy die Videoübertragung.`;
  }
  if (latest.framesDecoded <= first.framesDecoded) return `${label}: Es kamen keine Videobilder an.`;
  if (latest.shownFrames <= first.shownFrames || latest.videoWidth === 0) {
    return `${label}: Videobilder kamen an, wurden aber nicht angezeigt. Bitte laden Sie die Seite neu oder verwenden Sie einen aktuellen Browser.`;
  }
  if (expectAudio && latest.audioBytes <= first.audioBytes) {
    return `${label}: Es kam kein Ton an. Bitte prüfen Sie Ihr Mikrofon.`;
  }
  return null;
}

/** The problems of both directions (empty: the test succeeded). */
export function connectionProblems(
  first: Record<Direction, DirectionSample>,
  latest: Record<Direction, DirectionSample>,
  expectAudio: boolean,
): string[] {
  return (['hin', 'rueck'] as const).flatMap(
    (direction) => directionProblem(direction, first[direction], latest[direction], expectAudio) ?? [],
  );
}
