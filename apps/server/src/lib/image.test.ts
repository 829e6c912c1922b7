import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectImageType, reencodeImage, UnreadableImageError } from './image.ts';

describe('detectImageType', () => {
  it('knows JPEG and PNG by their first bytes only', () => {
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0]))).toBe('image/jpeg');
    expect(detectImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(detectImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(detectImageType(Buffer.from('<svg/>'))).toBeNull();
    expect(detectImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
  });
});

describe('reencodeImage', () => {
  it('applies the EXIF orientation, shrinks to the edge and drops metadata', async () => {
    const rotated = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#123456' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const out = await reencodeImage(rotated, 'image/jpeg', 150);
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height]).toEqual([50, 150]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('throws UnreadableImageError for data that only starts like an image', async () => {
    await expect(reencodeImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), 'image/jpeg')).rejects.toBeInstanceOf(
      UnreadableImageError,
    );
  });
});
