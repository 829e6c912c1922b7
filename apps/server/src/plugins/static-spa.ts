import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { MESSAGES } from '@dihs/contract/common/messages';

/**
 * Serves the built single-page app: files as they are (hashed assets cached for a year), and index.html
 * for every other non-/api path, since the SPA owns the route table (history mode).
 */
export const staticSpaPlugin = fp(
  async (app: FastifyInstance, { webDist }: { webDist: string }) => {
    const hasBuild = existsSync(path.join(webDist, 'index.html'));
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        // the build leaves .br and .gz beside each text asset (vite.config.ts); sent by Accept-Encoding
        preCompressed: true,
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler(async (request, reply) => {
      const isApi = request.url === '/api' || request.url.startsWith('/api/');
      if (isApi || !hasBuild || request.method !== 'GET') {
        return reply.status(404).send({ message: MESSAGES.nichtGefunden, code: ERROR_CODES.notFound });
      }
      return reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').sendFile('index.html');
    });
  },
  { name: 'static-spa' },
);
