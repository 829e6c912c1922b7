import { createServer } from 'node:http';

// A 1×1 PNG: the thumbnail every video gets from the stub.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A local stand-in for the video hosts' oEmbed endpoint (OEMBED_URL): answers every link with a title and a
 * thumbnail address on itself, so the server's thumbnail copy works without the internet.
 */
export async function startOembedStub(): Promise<{ url: string; close(): Promise<void> }> {
  let origin = '';
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    if (url.pathname === '/oembed') {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ type: 'video', title: 'Video', thumbnail_url: `${origin}/thumbnail.png` }));
      return;
    }
    if (url.pathname === '/thumbnail.png') {
      response.setHeader('content-type', 'image/png');
      response.end(PNG);
      return;
    }
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { url: `${origin}/oembed`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
