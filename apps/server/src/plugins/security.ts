import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { VIDEO_PLAYER_ORIGINS } from '@dihs/contract/common/video-url';

/**
 * The headers helmet sets for these options. With no directive computed per request (no nonces, no functions) they
 * are the same for every answer, so they are computed once here instead of by helmet's middleware per request
 * (which builds its middleware and parses the policy anew each time when run through @fastify/helmet).
 */
export function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // a bad option throws while helmet builds its middleware; the header middlewares call `next` without an error
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, () => {});
  return Object.freeze(headers);
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Security headers with a strict Content-Security-Policy: scripts only from our origin, no third-party
 * requests at all. Styles allow 'unsafe-inline' because MUI (emotion) injects style elements at run time.
 * Framing is governed by frame-ancestors (app mode embeds the session page), not by X-Frame-Options.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, { frameAncestors }: { frameAncestors: string[] }) => {
    const headers = helmetHeaders({
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
    // Set as the request arrives (a handler may still replace one, as file downloads do with their own policy).
    // Callback hooks, not async ones: these two run for every request, and a promise each is measurable there.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    // API answers carry personal and health data: no browser or proxy may keep them (errors and 404s included, the
    // PDFs already say so themselves). Set last, so no handler's own caching header outlives it. The SPA's files
    // set their own caching in static-spa.ts.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (isApi(request.url)) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'security' },
);
