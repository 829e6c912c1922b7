import { asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { exportKey, type ExportedFile } from '../../lib/patient-export.ts';
import type { FindAccount } from './mail.erase.ts';
import { mailOutbox } from './mail.table.ts';

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
  if (!user) return { [exportKey(mailOutbox)]: [] };
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, user.email))
    .orderBy(asc(mailOutbox.id));
  return {
    [exportKey(mailOutbox)]: rows.map(({ text, attachments, ...row }) => ({
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
