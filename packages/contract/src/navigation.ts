import { z } from 'zod';

/** Link target kinds of a navigation entry (spec 1, section 2.3). */
export const URL_TYPES = [
  'SEITE',
  'PROFIL',
  'THERAPEUT_TERMINE',
  'PATIENT_TERMINE',
  'APP',
  'WARTERAUM',
  'EXTERN',
] as const;
export type UrlType = (typeof URL_TYPES)[number];

/** App routes a navigation entry may link to directly (spec 1, section 2.3). */
export const NAVIGABLE_APP_PATHS = [
  '/navigation',
  '/therapeut/trainingsplanvorlagen',
  '/betreiber/fragebogen',
  '/betreiber/upload',
  '/betreiber/termine',
  '/betreiber/benutzer/liste',
  '/verbindungstest',
  '/anamnese',
  '/betreiber/uebungen',
  '/betreiber/firmenverwaltung',
  '/videos',
  '/betreiber/verwaltung',
  '/patient/trainingsplan',
  '/patient/abo',
  '/patient/guthaben',
  '/betreiber/abo/pakete',
  '/patient/rezepte',
  '/betreiber/rezepte',
  '/betreiber/statistik',
] as const;

export const urlDtoSchema = z.object({
  urlType: z.enum(URL_TYPES),
  ziel: z.string(),
  statisch: z.boolean(),
  params: z.record(z.string(), z.string()).optional(),
});
export type UrlDto = z.infer<typeof urlDtoSchema>;

export interface NavigationNode {
  id: number | string;
  titel: string;
  type: 'menue' | 'eintrag';
  kinder?: NavigationNode[];
  aktiv?: boolean;
  urlDto?: UrlDto;
  toCreate?: boolean;
}

export const navigationNodeSchema: z.ZodType<NavigationNode> = z.lazy(() =>
  z.object({
    id: z.union([z.number().int(), z.string()]),
    titel: z.string(),
    type: z.enum(['menue', 'eintrag']),
    kinder: z.array(navigationNodeSchema).optional(),
    aktiv: z.boolean().optional(),
    urlDto: urlDtoSchema.optional(),
    toCreate: z.boolean().optional(),
  }),
);
export const navigationTreeSchema = z.array(navigationNodeSchema);

/** Resolves a link target to the address the browser opens (spec 1, section 2.3). */
export function resolveNavigationLink(url: UrlDto): { href: string; external: boolean } {
  const suffix = url.ziel ? `/${encodeURIComponent(url.ziel)}` : '';
  switch (url.urlType) {
    case 'SEITE':
      return { href: url.statisch ? `/${url.ziel}` : `/inhalt/${url.ziel}`, external: false };
    case 'PROFIL':
      return { href: `/profil${suffix}`, external: false };
    case 'THERAPEUT_TERMINE':
      return { href: `/therapeut/termine${suffix}`, external: false };
    case 'PATIENT_TERMINE': {
      const query = new URLSearchParams({ ...(url.ziel ? { id: url.ziel } : {}), ...url.params });
      const text = query.toString();
      return { href: text ? `/patient/termine?${text}` : '/patient/termine', external: false };
    }
    case 'APP':
      return { href: url.ziel, external: false };
    case 'WARTERAUM':
      return { href: `/video/therapie/patient${suffix}`, external: false };
    case 'EXTERN':
      return { href: url.ziel, external: true };
  }
}
