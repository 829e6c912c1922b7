import { describe, expect, it } from 'vitest';
import { connectionProblems, inboundStats, type DirectionSample } from './connection-check.ts';

const sample = (change: Partial<DirectionSample> = {}): DirectionSample => ({
  connected: true,
  framesDecoded: 10,
  audioBytes: 1000,
  shownFrames: 10,
  videoWidth: 640,
  ...change,
});
const later = sample({ framesDecoded: 40, audioBytes: 5000, shownFrames: 40 });

describe('connection test criteria', () => {
  it('passes only with new frames decoded and shown in both directions, and sound', () => {
    expect(connectionProblems({ hin: sample(), rueck: sample() }, { hin: later, rueck: later }, true)).toEqual([]);
  });

  it('names the direction and what failed', () => {
    const first = { hin: sample(), rueck: sample() };
    // the back channel decodes nothing new: black
    expect(connectionProblems(first, { hin: later, rueck: sample() }, true)).toEqual([
      'Rückkanal: Es kamen keine Videobilder an.',
    ]);
    // decoded but the element shows nothing
    expect(connectionProblems(first, { hin: { ...later, shownFrames: 10 }, rueck: later }, true)[0]).toMatch(
      /^Empfangenes Bild: Videobilder kamen an, wurden aber nicht angezeigt/,
    );
    expect(connectionProblems(first, { hin: { ...later, videoWidth: 0 }, rueck: later }, true)).toHaveLength(1);
    // no ICE path at all
    const none = sample({ connected: false, framesDecoded: 0, shownFrames: 0, videoWidth: 0, audioBytes: 0 });
    expect(connectionProblems({ hin: none, rueck: none }, { hin: none, rueck: none }, true)[0]).toMatch(
      /keine Verbindung zustande/,
    );
    // no sound matters only when the own stream has a microphone
    const silent = { ...later, audioBytes: 1000 };
    expect(connectionProblems(first, { hin: silent, rueck: later }, true)).toEqual([
      'Empfangenes Bild: Es kam kein Ton an. Bitte prüfen Sie Ihr Mikrofon.',
    ]);
    expect(connectionProblems(first, { hin: silent, rueck: later }, false)).toEqual([]);
  });

  it('reads decoded video frames and audio bytes from inbound-rtp only', async () => {
    const pc = {
      getStats: async () =>
        new Map(
          [
            { type: 'inbound-rtp', kind: 'video', framesDecoded: 3 },
            { type: 'inbound-rtp', kind: 'audio', bytesReceived: 70 },
            { type: 'outbound-rtp', kind: 'video', framesEncoded: 9 },
          ].map((entry, i) => [String(i), entry]),
        ) as unknown as RTCStatsReport,
    };
    expect(await inboundStats(pc)).toEqual({ framesDecoded: 3, audioBytes: 70 });
  });
});
