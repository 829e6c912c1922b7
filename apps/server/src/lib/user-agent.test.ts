import { describe, expect, it } from 'vitest';
import { parseUserAgent } from './user-agent.ts';

describe('parseUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      { geraet: 'Windows-PC', browser: 'Firefox 133' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      { geraet: 'Windows-PC', browser: 'Edge 131' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      { geraet: 'Mac', browser: 'Safari 18' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      { geraet: 'iPhone (iOS 18)', browser: 'Safari 18' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
      { geraet: 'Android-Smartphone (Android 14)', browser: 'Samsung Internet 26' },
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      { geraet: 'Linux-PC', browser: 'Chrome 131' },
    ],
  ])('%s', (header, expected) => {
    expect(parseUserAgent(header)).toEqual(expected);
  });

  it('reads an absent or strange header as unknown', () => {
    expect(parseUserAgent(undefined)).toEqual({ geraet: 'Unbekanntes Gerät', browser: 'Unbekannter Browser' });
    expect(parseUserAgent('curl/8.5.0')).toEqual({ geraet: 'Unbekanntes Gerät', browser: 'Unbekannter Browser' });
  });
});
