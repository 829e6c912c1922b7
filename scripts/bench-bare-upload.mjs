// The bare reference of the prescription bench's memory figure: Fastify with @fastify/multipart that holds each
// uploaded file in memory and answers its size, nothing else (no database, no encryption). Started by
// bench-rezept.mjs on PORT; the difference to the real server is what storing and encrypting cost.
import multipart from '@fastify/multipart';
import Fastify from 'fastify';

const app = Fastify();
await app.register(multipart, { limits: { fileSize: 4 * 1024 * 1024, files: 1 } });
app.post('/upload', async (request) => {
  let size = 0;
  for await (const part of request.parts()) if (part.type === 'file') size = (await part.toBuffer()).length;
  return { size };
});
app.get('/health', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
