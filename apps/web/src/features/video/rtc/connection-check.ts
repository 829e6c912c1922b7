/** Decoded inbound video frames of one connection (getStats inbound-rtp, kind video). */
export async function framesDecoded(pc: Pick<RTCPeerConnection, 'getStats'>): Promise<number> {
  const report = await pc.getStats();
  let frames = 0;
  report.forEach((entry: { type?: string; kind?: string; framesDecoded?: number }) => {
    if (entry.type === 'inbound-rtp' && entry.kind === 'video') frames += entry.framesDecoded ?? 0;
  });
  return frames;
}

/**
 * The connection test passes only when video frames were decoded on both connections: camera → A → B and the
 * stream back B → A. A connection that is merely "connected" proves nothing about media (decisions: connection test).
 */
export async function mediaFlowsBothWays(
  connections: readonly (Pick<RTCPeerConnection, 'getStats'> | undefined)[],
): Promise<boolean> {
  if (connections.length < 2 || connections.some((pc) => !pc)) return false;
  const frames = await Promise.all(connections.map((pc) => framesDecoded(pc!)));
  return frames.every((count) => count > 0);
}
