import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const WIDTH = 160;
const HEIGHT = 120;
const FPS = 15;
const FRAMES = 30;
const BLOCK = 24;

/**
 * A two-second loop of a square moving over grey, as raw YUV 4:2:0 (y4m). Chromium's own fake camera sends 640×480 at
 * 30 frames per second: in a group of five every browser encodes that once and decodes it four times, and the SFU
 * tests starved the 2 cores (frames stalled, app pages beside them stayed on the spinner). The small picture keeps
 * every step the tests check (capture, encode, encrypt, forward, decrypt, decode) at a sixteenth of the pixels.
 */
function y4m(): Buffer {
  const lumaSize = WIDTH * HEIGHT;
  const chromaSize = (WIDTH / 2) * (HEIGHT / 2);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`);
  const frames: Buffer[] = [header];
  const top = Math.round((HEIGHT - BLOCK) / 2);
  for (let frame = 0; frame < FRAMES; frame++) {
    const luma = Buffer.alloc(lumaSize, 110);
    const left = Math.round((frame / FRAMES) * (WIDTH - BLOCK));
    for (let y = top; y < top + BLOCK; y++) luma.fill(230, y * WIDTH + left, y * WIDTH + left + BLOCK);
    frames.push(Buffer.from('FRAME\n'), luma, Buffer.alloc(chromaSize * 2, 128));
  }
  return Buffer.concat(frames);
}

/** The camera file for `--use-file-for-fake-video-capture`, written once per machine (atomically: workers race). */
export function fakeCameraFile(): string {
  const file = path.join(tmpdir(), `dihs-e2e-camera-${WIDTH}x${HEIGHT}-${FPS}fps-v1.y4m`);
  if (!existsSync(file)) {
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, y4m());
    renameSync(partial, file);
  }
  return file;
}

/** Chromium's flags for a fake camera (this file's picture) and microphone, without a permission prompt. */
export const fakeMediaArgs = (): string[] => [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-video-capture=${fakeCameraFile()}`,
];
