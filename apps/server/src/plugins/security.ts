import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { VIDEO_PLAYER_ORIGINS } from '@dihs/contract/common/video-url';

/**
 * Security headers with a strict Content-Security-Policy: scripts only from our origin, no third-party
 * requests at all. Styles allow 'unsafe-inline' because MUI (emotion) injects style elements at run time.
 * Framing is governed by frame-ancestors (app mode embeds the session page), not by X-Frame-Options.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, { frameAncestors }: { frameAncestors: string[] }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          mediaSrc: ["'self'", 'blob:'],
          // the video players, inserted only after the viewer clicks play (Zwei-Klick-Lösung, docs/decisions.md)
          frameSrc: ["'self'", ...VIDEO_PLAYER_ORIGINS],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors,
        },
      },
      frameguard: false,
      crossOriginEmbedderPolicy: false,
    });
    // API answers carry personal and health data: no browser or proxy may keep them (errors and 404s included, the
    // PDFs already say so themselves). The SPA's files set their own caching in static-spa.ts.
    app.addHook('onSend', async (request, reply, payload) => {
      const url = request.url;
      if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?'))
        reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'security' },
);
