import {
  ANAMNESE_TEXTS,
  anamneseAngabenSchema,
  fehlendePflichtfelder,
  LEERE_ANAMNESE,
  type Anamnese,
  type AnamneseAngaben,
} from '@dihs/contract/anamnese';
import type { z } from 'zod';
import type { anamneseSpeichernSchema } from '@dihs/contract/anamnese';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { conflict, refusedByTrigger } from '../../lib/state-conflict.ts';
import { deleteAnamnese, findAnamnese, signAnamnese, upsertAnamnese } from './anamnese.repository.ts';
import type { AnamneseRow } from './anamnese.table.ts';

/**
 * The stored answers over the empty form: a field added to the form later reads as empty in an older row instead
 * of breaking the answer's schema.
 */
const angabenVon = (row: AnamneseRow): AnamneseAngaben => ({ ...LEERE_ANAMNESE, ...row.angaben });

const toAnamnese = (row: AnamneseRow): Anamnese => ({
  ...angabenVon(row),
  patientId: row.patientUserId,
  unterschrieben: row.unterschrieben,
  unterschriebenAm: row.unterschriebenAm?.toISOString() ?? null,
  geaendert: row.geaendertAm.toISOString(),
});

/** GET /anamnese and /anamnese/other/{patientId}: the form, or null before the first save. */
export async function anamneseVon(db: Database, patientUserId: number): Promise<Anamnese | null> {
  const row = await findAnamnese(db, patientUserId);
  return row ? toAnamnese(row) : null;
}

/** The row for the PDF, or 404. */
export async function anamneseOderNichtGefunden(db: Database, patientUserId: number): Promise<Anamnese> {
  const found = await anamneseVon(db, patientUserId);
  if (!found) throw HttpError.notFound(ANAMNESE_TEXTS.nichtGefunden);
  return found;
}

/** POST /anamnese: the intermediate save of the patient's own form; refused once signed (service and trigger). */
export async function anamneseSpeichern(
  db: Database,
  patientUserId: number,
  input: z.output<typeof anamneseSpeichernSchema>,
  now: Date,
): Promise<Anamnese> {
  const { datenschutz: _ticked, ...angaben } = input;
  const row = await refusedByTrigger(ANAMNESE_TEXTS.unterschrieben, () =>
    db.transaction(async (tx) => {
      const stored = await findAnamnese(tx, patientUserId, true);
      if (stored?.unterschrieben) throw conflict(ANAMNESE_TEXTS.unterschrieben);
      return upsertAnamnese(tx, patientUserId, angaben, now);
    }),
  );
  return toAnamnese(row);
}

/**
 * GET /anamnese/unterschreiben: signs the stored form when it is complete and the privacy checkbox was ticked on
 * its save. Afterwards nothing changes it (trigger). A refusal leaves it unsigned.
 */
export async function anamneseUnterschreiben(db: Database, patientUserId: number, now: Date): Promise<Anamnese> {
  const row = await refusedByTrigger(ANAMNESE_TEXTS.unterschrieben, () =>
    db.transaction(async (tx) => {
      const stored = await findAnamnese(tx, patientUserId, true);
      if (!stored) throw HttpError.notFound(ANAMNESE_TEXTS.nichtGefunden);
      if (stored.unterschrieben) throw conflict(ANAMNESE_TEXTS.unterschrieben);
      if (!stored.datenschutz) throw HttpError.badRequest(ANAMNESE_TEXTS.datenschutz);
      const angaben = angabenVon(stored);
      // the stored answers passed the rules when saved; a rule tightened since then is checked again here
      if (!anamneseAngabenSchema.safeParse(angaben).success || fehlendePflichtfelder(angaben).length > 0) {
        throw HttpError.badRequest(ANAMNESE_TEXTS.unvollstaendig);
      }
      return signAnamnese(tx, patientUserId, now);
    }),
  );
  return toAnamnese(row);
}

/** POST /anamnese/entfernen: deletes the form (signed ones too: spec 3 lets patient and operator delete it). */
export async function anamneseEntfernen(db: Database, patientUserId: number): Promise<true> {
  if (!(await deleteAnamnese(db, patientUserId))) throw HttpError.notFound(ANAMNESE_TEXTS.nichtGefunden);
  return true;
}
