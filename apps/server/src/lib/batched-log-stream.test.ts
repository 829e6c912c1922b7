import { describe, expect, it } from 'vitest';
import { batchedLogStream } from './batched-log-stream.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function sink() {
  const chunks: string[] = [];
  let flushed = 0;
  let last: () => void = () => {};
  const stream = batchedLogStream(
    { write: (chunk) => chunks.push(chunk), flushSync: () => void flushed++ },
    (fn) => (last = fn),
  );
  return { stream, chunks, flushed: () => flushed, exit: () => last() };
}

describe('batchedLogStream', () => {
  it('hands the lines of one turn over as one chunk, in order, at the end of the turn', async () => {
    const { stream, chunks } = sink();
    stream.write('a\n');
    stream.write('b\n');
    stream.write('c\n');
    expect(chunks).toEqual([]);
    await nextTurn();
    expect(chunks).toEqual(['a\nb\nc\n']);
    stream.write('d\n');
    await nextTurn();
    expect(chunks).toEqual(['a\nb\nc\n', 'd\n']);
  });

  it('writes the lines of the last turn when the process exits, and flushes the destination', () => {
    const { stream, chunks, flushed, exit } = sink();
    stream.write('letzte Zeile\n');
    exit();
    expect(chunks).toEqual(['letzte Zeile\n']);
    expect(flushed()).toBe(1);
  });

  it('writes nothing more at exit when every line is out', async () => {
    const { stream, chunks, exit } = sink();
    stream.write('x\n');
    await nextTurn();
    exit();
    expect(chunks).toEqual(['x\n']);
  });
});
