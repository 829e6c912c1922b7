/**
 * Which encoded-transform API this browser offers. RTCRtpScriptTransform (the standard, in a worker) is preferred;
 * Chromium's older createEncodedStreams needs `encodedInsertableStreams: true` in the PeerConnection's configuration
 * and then must be used for every sender and receiver of that connection.
 */
export type TransformApi = 'script' | 'streams';

export function transformApi(): TransformApi | null {
  // Keys are made and used with WebCrypto, which exists only in a secure context (https or localhost).
  if (!globalThis.isSecureContext || !globalThis.crypto?.subtle || typeof Worker === 'undefined') return null;
  if (typeof RTCRtpScriptTransform !== 'undefined') return 'script';
  if (typeof RTCRtpSender !== 'undefined' && 'createEncodedStreams' in RTCRtpSender.prototype) return 'streams';
  return null;
}
