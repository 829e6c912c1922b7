import { z } from 'zod';
import { endpoint, LOGIN, operator } from './common/endpoint.ts';
import { isIsoDay } from './common/time.ts';

/** Statistics (spec 3 "Operator tools: Statistics", sections 3 and 7): view events and their CSV download. */

/** Statistic event types (spec 3 section 3): TRAININGSPLAN = 0, VIDEOAUFRUF = 1. */
export const STATISTIK_TYPEN = { TRAININGSPLAN: 0, VIDEOAUFRUF: 1 } as const;
export const STATISTIK_TYP_LABELS: Record<number, string> = { 0: 'Trainingsplan angesehen', 1: 'Video abgespielt' };

/** The longest range one download covers (docs/decisions.md): five years of days. */
export const STATISTIK_MAX_TAGE = 5 * 366;

export const STATISTIK_TEXTS = {
  typUngueltig: 'Unbekannter Ereignistyp.',
  aktionUngueltig: 'Ungültige Video-ID.',
  datumUngueltig: 'Bitte ein gültiges Datum angeben.',
  reihenfolge: 'Das Enddatum darf nicht vor dem Anfangsdatum liegen.',
  zuLang: `Der Zeitraum darf höchstens ${STATISTIK_MAX_TAGE} Tage umfassen.`,
} as const;

/** The CSV's columns, in order (docs/decisions.md). */
export const STATISTIK_SPALTEN = ['Datum', 'Ereignis', 'Firma', 'Anzahl'] as const;

export const statistikFileName = (from: string, to: string) => `Statistik${from}_${to}.csv`;

export const statistikEventBodySchema = z
  .object({
    type: z.union([z.literal(0), z.literal(1)], { message: STATISTIK_TEXTS.typUngueltig }),
    /** For video views: the id from the video URL. */
    aktionid: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, STATISTIK_TEXTS.aktionUngueltig)
      .nullish(),
  })
  .strict();

const day = z.string({ message: STATISTIK_TEXTS.datumUngueltig }).refine(isIsoDay, STATISTIK_TEXTS.datumUngueltig);

const DAY_MS = 86_400_000;
export const statistikQuerySchema = z
  .object({ from: day, to: day })
  .strict()
  .superRefine((value, ctx) => {
    if (!isIsoDay(value.from) || !isIsoDay(value.to)) return;
    const days = (Date.parse(value.to) - Date.parse(value.from)) / DAY_MS;
    if (days < 0) ctx.addIssue({ code: 'custom', message: STATISTIK_TEXTS.reihenfolge, path: ['to'] });
    else if (days + 1 > STATISTIK_MAX_TAGE)
      ctx.addIssue({ code: 'custom', message: STATISTIK_TEXTS.zuLang, path: ['to'] });
  });

const tag = 'Statistik';
export const statistikEndpoints = {
  ereignis: endpoint({
    method: 'POST',
    path: '/statistik',
    summary: 'Ein Aufruf (Trainingsplan oder Video) zählen; ohne Personenbezug gespeichert',
    tag,
    access: LOGIN,
    body: statistikEventBodySchema,
    response: z.object({}),
    errors: [400, 401],
  }),
  herunterladen: endpoint({
    method: 'GET',
    path: '/statistik',
    summary: 'Aufrufe je Tag, Ereignis und Firma als CSV (UTF-8 mit BOM, Semikolon)',
    tag,
    access: operator('STATISTIK_LESEN'),
    query: statistikQuerySchema,
    responseFormat: 'file',
    fileType: 'text/csv',
    errors: [400, 401, 403],
  }),
};
