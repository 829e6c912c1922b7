import type sharpFunction from 'sharp';

export type ImageType = 'image/jpeg' | 'image/png';

/** The image type by its first bytes (magic numbers), never by a file name or a declared type. */
export function detectImageType(data: Buffer): ImageType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length >= png.length && png.every((byte, i) => data[i] === byte)) return 'image/png';
  return null;
}

export class UnreadableImageError extends Error {
  constructor() {
    super('Bild nicht lesbar');
    this.name = 'UnreadableImageError';
  }
}

/** sharp (libvips), loaded with the first image: the server needs it only for uploads (memory at start). */
let sharpModule: Promise<typeof sharpFunction> | undefined;
const loadSharp = () => (sharpModule ??= import('sharp').then((module) => module.default));

/** Pixel limit against decompression bombs (a small file that unpacks to gigabytes). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Decodes and encodes the image again in its own format, at most `maxEdge` pixels on the longer side. Sharp writes
 * no metadata unless asked, so EXIF (GPS position, camera, time), XMP, IPTC and comments are gone; the EXIF
 * orientation is applied to the pixels first so the photo still stands upright.
 */
export async function reencodeImage(data: Buffer, type: ImageType, maxEdge = 1024): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    const pipeline = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true });
    return await (type === 'image/jpeg' ? pipeline.jpeg({ quality: 85 }) : pipeline.png()).toBuffer();
  } catch {
    throw new UnreadableImageError();
  }
}
