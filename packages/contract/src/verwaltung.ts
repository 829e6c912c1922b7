import { z } from 'zod';

/** Application settings (spec 3 "Operator tools: Application settings", section 3 "Setting entry"). */

/** Known types; every other type is a general setting ("Sonstige Einstellungen"). */
export const VERWALTUNG_TYPEN = { befund: 'BEFUND', einzelterminInhalt: 'EINZELTERMIN_INHALT' } as const;

export const VERWALTUNG_LIMITS = { type: 60, value: 5000 } as const;

export const VERWALTUNG_MESSAGES = {
  typLeer: 'Der Typ darf nicht leer sein.',
  typZeichen: 'Der Typ darf nur Großbuchstaben, Ziffern und Unterstriche enthalten.',
  wertLeer: 'Der Wert darf nicht leer sein.',
  maxLaenge: 'Maximale Länge beachten',
  befundLaenge: 'Ein Befund hat höchstens 30 Zeichen.',
  unbekannt: 'Unbekannte Einstellung.',
  speichernFehler: 'Fehler beim Speichern',
} as const;

export const verwaltungEintragSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  value: z.string(),
});
export type VerwaltungEintrag = z.infer<typeof verwaltungEintragSchema>;
export const verwaltungListSchema = z.array(verwaltungEintragSchema);

/** POST /betreiber/verwaltung/save: without id a new entry; a Befund is at most 30 characters (the form's limit). */
export const verwaltungSaveBodySchema = z
  .object({
    id: z.number().int().positive().max(2_147_483_647).nullable().optional(),
    type: z
      .string({ message: VERWALTUNG_MESSAGES.typLeer })
      .trim()
      .min(1, VERWALTUNG_MESSAGES.typLeer)
      .max(VERWALTUNG_LIMITS.type, VERWALTUNG_MESSAGES.maxLaenge)
      .regex(/^[A-Z0-9_]+$/, VERWALTUNG_MESSAGES.typZeichen),
    value: z
      .string({ message: VERWALTUNG_MESSAGES.wertLeer })
      .trim()
      .min(1, VERWALTUNG_MESSAGES.wertLeer)
      .max(VERWALTUNG_LIMITS.value, VERWALTUNG_MESSAGES.maxLaenge),
  })
  .superRefine((entry, ctx) => {
    if (entry.type === VERWALTUNG_TYPEN.befund && entry.value.length > 30) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: VERWALTUNG_MESSAGES.befundLaenge });
    }
  });
export type VerwaltungSaveBody = z.input<typeof verwaltungSaveBodySchema>;

/** POST /betreiber/verwaltung/delete: the entry (only its id counts). */
export const verwaltungDeleteBodySchema = z.object({
  id: z.number({ message: VERWALTUNG_MESSAGES.unbekannt }).int().positive().max(2_147_483_647),
});
