import { createHash } from 'node:crypto';
import type { Database, Transaction } from '../../db/client.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { storedPageVersions } from './page-version.repository.ts';

/** One page's text as it reads now, with a fingerprint that changes with every change of title or text. */
export interface PageVersion {
  url: string;
  titel: string;
  /** The HTML as readers get it. */
  inhalt: string;
  /** SHA-256 of title and text: a save that changes nothing keeps it, so nobody is asked again for nothing. */
  fassung: string;
  /** The page's last save: when this text was published. */
  stand: Date;
  /**
   * MD5 of the stored (unsanitized) title and text, computed by the database: equal stamps mean equal stored text,
   * so a caller may keep a version it built and compare stamps instead of reading and sanitizing the text again.
   */
  stempel: string;
}

const fingerprint = (titel: string, inhalt: string): string =>
  createHash('sha256').update(titel).update('\u0000').update(inhalt).digest('hex');

/**
 * The current versions of the named pages that exist and are not in the trash (consent records, docs/decisions.md).
 * Pages carry no history of their own; the consent module keeps the versions it was given consent to.
 */
export async function pageVersions(db: Database | Transaction, urls: readonly string[]): Promise<PageVersion[]> {
  const rows = await storedPageVersions(db, urls);
  return rows.map((row) => {
    // the text as readers get it (sanitized on every read): a seeded page and its unchanged save are one version
    const inhalt = sanitizeRichText(row.inhalt);
    return { ...row, inhalt, fassung: fingerprint(row.titel, inhalt) };
  });
}
