import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { DATEI_TEXTS, dateiEndpoints } from '@dihs/contract/datei';
import { REZEPT_TEXTS, rezeptEndpoints } from '@dihs/contract/rezept';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// A 60 MB upload is refused while it arrives: the answer comes back long before the client has sent the body, so
// the server cannot have read it (neither into memory nor at all). Asserted by bytes sent, not by time.
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_IP: '10000', LOGIN_RATE_LIMIT_ACCOUNT: '10000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const MB = 1024 * 1024;
const TOTAL = 60 * MB;
const BOUNDARY = '----grosser-upload';
const HEAD = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="description"\r\n\r\nGroß\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="gross.pdf"\r\n` +
    'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
);

/** Sends a 60 MB multipart body 1 MB at a time until the answer arrives; answers it and the bytes written. */
function sendLarge(url: string, authorization: string, declareLength: boolean) {
  return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      path: url,
      method: 'POST',
      headers: {
        authorization,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(declareLength ? { 'content-length': String(TOTAL) } : { 'transfer-encoding': 'chunked' }),
      },
    });
    req.on('response', (response) => {
      answered = true;
      const sentAtAnswer = sent;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString(), sent: sentAtAnswer });
        req.destroy();
      });
    });
    // the server may close the connection while the client still writes: that is the point
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(MB, 0x41);
    const pump = () => {
      while (!answered && sent < TOTAL) {
        const piece = sent === 0 ? HEAD : chunk.subarray(0, Math.min(MB, TOTAL - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe.each([
  ['prescription upload', 'patient@demo.de', apiUrl(rezeptEndpoints.hochladen), REZEPT_TEXTS.dateiZuGross],
  ['operator upload', 'betreiber@demo.de', apiUrl(dateiEndpoints.hochladen), DATEI_TEXTS.dateiZuGross],
])('%s of 60 MB', (_, email, url, message) => {
  it.each([
    ['with a declared length', true],
    ['streamed without a length', false],
  ])('%s is refused in German before the body is read', async (__, declareLength) => {
    const answer = await sendLarge(url, await t.bearer(email), declareLength);
    expect(answer.status, answer.body).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ message });
    // at most the file limit (10 MB) plus what the sockets buffer; far from the 60 MB
    expect(answer.sent).toBeLessThan(30 * MB);
  });
});
