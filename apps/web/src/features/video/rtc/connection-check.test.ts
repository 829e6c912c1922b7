import { describe, expect, it } from 'vitest';
import { mediaFlowsBothWays } from './connection-check.ts';

const pc = (...entries: object[]) => ({
  getStats: async () => new Map(entries.map((entry, i) => [String(i), entry])) as unknown as RTCStatsReport,
});

describe('connection test criteria', () => {
  it('passes only with decoded video frames on both connections', async () => {
    const decoding = pc({ type: 'inbound-rtp', kind: 'video', framesDecoded: 3 });
    expect(await mediaFlowsBothWays([decoding, decoding])).toBe(true);
    expect(await mediaFlowsBothWays([decoding, pc({ type: 'inbound-rtp', kind: 'video', framesDecoded: 0 })])).toBe(
      false,
    );
    expect(await mediaFlowsBothWays([decoding, pc({ type: 'inbound-rtp', kind: 'audio', framesDecoded: 5 })])).toBe(
      false,
    );
    expect(await mediaFlowsBothWays([decoding, undefined])).toBe(false);
    expect(await mediaFlowsBothWays([decoding])).toBe(false);
  });
});
