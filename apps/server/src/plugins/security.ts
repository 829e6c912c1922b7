import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors,
        },
      },
      frameguard: false,
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'security' },
);
