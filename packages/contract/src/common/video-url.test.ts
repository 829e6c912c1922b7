import { describe, expect, it } from 'vitest';
import { isVideoUrl, parseVideoUrl, playerUrl, videoIdOf } from './video-url.ts';

describe('video links', () => {
  it('reads Vimeo and YouTube links and builds their privacy-friendly players', () => {
    expect(parseVideoUrl('https://vimeo.com/76979871')).toEqual({ host: 'vimeo', id: '76979871' });
    expect(parseVideoUrl('https://player.vimeo.com/video/22439234')).toEqual({ host: 'vimeo', id: '22439234' });
    expect(parseVideoUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual({
      host: 'youtube',
      id: 'dQw4w9WgXcQ',
    });
    expect(parseVideoUrl('https://youtu.be/dQw4w9WgXcQ')).toEqual({ host: 'youtube', id: 'dQw4w9WgXcQ' });
    expect(playerUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871?dnt=1&autoplay=1');
    expect(playerUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
    );
    expect(videoIdOf('https://vimeo.com/channels/staffpicks/76979871')).toBe('76979871');
  });

  it('refuses other hosts, other schemes and links without a video', () => {
    for (const link of [
      'http://vimeo.com/76979871',
      'javascript:alert(1)//vimeo.com/1',
      'https://vimeo.com.evil.example/76979871',
      'https://user:pw@vimeo.com/76979871',
      'https://vimeo.com/',
      'https://www.youtube.com/watch',
      'https://example.com/video/1',
      'vimeo.com/76979871',
    ]) {
      expect(isVideoUrl(link), link).toBe(false);
    }
  });
});
