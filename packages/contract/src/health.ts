import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'fehler']),
  database: z.enum(['ok', 'fehler']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const pingResponseSchema = z.object({ status: z.literal('ok') });
