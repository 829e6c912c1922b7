import { z } from 'zod';
import { endpoint, PUBLIC } from './common/endpoint.ts';
import { MAX_LENGTH_MESSAGE, optionalEmailRule } from './common/rules.ts';
import { withoutNul } from './inhalt.ts';

/** The feedback form on /kontakt (spec 3 "Feedback form", sections 3, 5, 8 and 9). */

export const FEEDBACK_LIMITS = {
  /** spec 3, section 9: "page-less feedback e-mail 100". */
  email: 100,
  /** Our own limit: a long message fits, a flood does not. */
  feedback: 5000,
} as const;

export const FEEDBACK_TEXTS = {
  feedbackLeer: 'Feedback darf nicht leer sein.',
  feedbackZeichen: 'Das Feedback enthält unzulässige Zeichen.',
  // spec 3, section 8
  erfolg: 'Ihr Feedback wurde erfolgreich verschickt',
  fehler: 'Ihr Feedback konnte nicht verschickt werden, bitte versuchen Sie es erneut.',
} as const;

/** POST /feedback: e-mail optional (empty or missing = none), feedback required. */
export const feedbackBodySchema = z.object({
  email: optionalEmailRule
    .refine(withoutNul, 'E-Mail ist nicht valide.')
    .nullish()
    .transform((value) => (value ? value : null)),
  feedback: z
    .string()
    .trim()
    .min(1, FEEDBACK_TEXTS.feedbackLeer)
    .max(FEEDBACK_LIMITS.feedback, MAX_LENGTH_MESSAGE)
    .refine(withoutNul, FEEDBACK_TEXTS.feedbackZeichen),
});
export type FeedbackBody = z.input<typeof feedbackBodySchema>;

export const feedbackResponseSchema = z.literal(true);

export const feedbackEndpoints = {
  senden: endpoint({
    method: 'POST',
    path: '/feedback',
    summary: 'Feedback an den Betreiber senden (E-Mail optional)',
    tag: 'Feedback',
    access: PUBLIC,
    body: feedbackBodySchema,
    response: feedbackResponseSchema,
    errors: [400, 429],
  }),
};
