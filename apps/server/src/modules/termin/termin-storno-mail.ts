import { formatDateTimeUhr } from '@dihs/contract/common/time';
import { CREDIT_KIND_LABELS, type CreditKind } from '@dihs/contract/guthaben';
import { TERMINTYP_LABELS } from '@dihs/contract/termin';
import type { Transaction } from '../../db/client.ts';
import { enqueueMail, platformMail } from '../mail/index.ts';
import { findPersonInfo } from '../profil/index.ts';
import type { TerminRow } from './termin.table.ts';

/** Who cancelled: the operator ("Termin Absagen") or the patient itself ("Stornieren"). */
export type StornoBy = 'BETREIBER' | 'PATIENT';

/**
 * The one cancellation mail of a released seat, in the platform's style, inside the caller's transaction: it leaves
 * only if the release and its refund commit. Nothing for a deleted account.
 */
export async function enqueueStornoMail(
  tx: Transaction,
  patientUserId: number,
  termin: Pick<TerminRow, 'befund' | 'termintyp' | 'datum'>,
  refund: CreditKind | null,
  by: StornoBy,
): Promise<void> {
  const patient = await findPersonInfo(tx, patientUserId);
  if (!patient || patient.deletedAt) return;
  const what = `„${termin.befund}“ (${TERMINTYP_LABELS[termin.termintyp]}) am ${formatDateTimeUhr(termin.datum)}`;
  await enqueueMail(
    tx,
    platformMail(
      patient,
      by === 'PATIENT' ? `Termin storniert: ${termin.befund}` : `Termin abgesagt: ${termin.befund}`,
      [
        by === 'PATIENT' ? `Sie haben den Termin ${what} storniert.` : `der Termin ${what} wurde leider abgesagt.`,
        refund
          ? `Das Guthaben wurde Ihnen zurückgeschrieben (${CREDIT_KIND_LABELS[refund]}).`
          : 'Für diesen Termin wurde kein Guthaben verbraucht.',
        'Über Ihren Terminplan können Sie einen neuen Termin buchen.',
      ],
    ),
  );
}
