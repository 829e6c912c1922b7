import type { Database, Transaction } from '../../db/client.ts';
import type { ExportedFile } from '../../lib/patient-export.ts';
import type { FindAccount } from './mail.erase.ts';
import { mailsTo, OUTBOX_EXPORT_KEY } from './mail.repository.ts';

/**
 * A link's one-time code (32 random bytes in base64url: confirmation, reset and payment links) is a capability,
 * not information about the patient: the export shows the link without it, so a leaked export opens nothing.
 */
const CAPABILITY_IN_LINK = /(https?:\/\/\S*?\/)[A-Za-z0-9_-]{32,}/g;
const withoutCodes = (text: string): string => text.replace(CAPABILITY_IN_LINK, '$1[entfernt]');

/** Self-service export: the mails sent (or still to send) to the patient's address, links without their codes. */
export async function exportPatient(
  db: Database | Transaction,
  userId: number,
  findAccount: FindAccount,
): Promise<Record<string, unknown[]>> {
  const user = await findAccount(db, userId);
  if (!user) return { [OUTBOX_EXPORT_KEY]: [] };
  const rows = await mailsTo(db, user.email);
  return {
    [OUTBOX_EXPORT_KEY]: rows.map(({ text, attachments, ...row }) => ({
      ...row,
      text: withoutCodes(text),
      attachments: attachments.map((file): ExportedFile => ({
        name: file.filename,
        type: file.contentType,
        base64: Buffer.from(file.content, 'utf8').toString('base64'),
      })),
    })),
  };
}
