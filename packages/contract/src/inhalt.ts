import { z } from 'zod';

/** GET /inhalt/{url}: a content page as the visitor sees it (HTML already sanitized by the server). */
export const pageContentSchema = z.object({
  titel: z.string(),
  bild: z.string().nullable(),
  inhalt: z.string(),
  statischeUrl: z.boolean(),
});
export type PageContent = z.infer<typeof pageContentSchema>;

export const pageUrlParamSchema = z.object({
  url: z
    .string()
    .min(1, 'Url darf nicht leer sein.')
    .max(100, 'Die Url ist zu lang.')
    .regex(/^[A-Za-z0-9_-]+$/, 'Die Url enthält unzulässige Zeichen.'),
});
