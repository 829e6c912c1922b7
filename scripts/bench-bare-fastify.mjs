// The bare reference of the request path: Fastify's hello world (the project's Fastify, default options, no
// plugins, no logger). Started by bench-request.mjs on PORT; the project's figures are printed as a share of it.
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
