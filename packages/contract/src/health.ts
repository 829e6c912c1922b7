import { z } from 'zod';
import { endpoint, PUBLIC } from './common/endpoint.ts';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'fehler']),
  database: z.enum(['ok', 'fehler']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const pingResponseSchema = z.object({ status: z.literal('ok') });

export const healthEndpoints = {
  /** Liveness: answers without touching the database (also the bench's plain baseline). */
  ping: endpoint({
    method: 'GET',
    path: '/ping',
    summary: 'Lebenszeichen des Prozesses, ohne Datenbank',
    tag: 'Betrieb',
    access: PUBLIC,
    response: pingResponseSchema,
  }),
  /** Readiness: the database answers too. */
  health: endpoint({
    method: 'GET',
    path: '/health',
    summary: 'Lebenszeichen des Servers und der Datenbank',
    tag: 'Betrieb',
    access: PUBLIC,
    response: healthResponseSchema,
    errors: [500],
    otherResponses: { 503: healthResponseSchema },
  }),
};
