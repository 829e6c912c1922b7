import type { SessionClaims } from '@dihs/contract/auth';
import { PROFIL_TEXTS, type DokumentationEintrag } from '@dihs/contract/profil';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { renderDokumentation } from './dokumentation-pdf.ts';
import {
  findAccount,
  insertDocumentation,
  listDocumentation,
  type Account,
  type DocumentationRow,
} from './profil.repository.ts';

type Author = Pick<SessionClaims, 'userId' | 'role'>;

const entry = (row: DocumentationRow): DokumentationEintrag => ({
  id: row.id,
  therapeutVorname: row.autorVorname,
  therapeutNachname: row.autorNachname,
  email: row.autorEmail,
  datum: row.datum.toISOString(),
  beitrag: row.beitrag,
  vonBetreiber: row.vonBetreiber,
});

/**
 * Documentation on patients (health data, never logged): therapists and operators write and read the merged list;
 * patients have no access to it (docs/decisions.md). The routes' guards admit only those two roles.
 */
export function createDokumentationService({ db }: { db: Database }) {
  async function patient(patientId: number): Promise<Account> {
    const found = await findAccount(db, patientId);
    if (!found || found.user.role !== 'PATIENT' || found.user.deletedAt) {
      throw HttpError.notFound(PROFIL_TEXTS.patientNichtGefunden);
    }
    return found;
  }

  return {
    /** Adds an entry by the author (therapist or operator) and answers it. */
    async add(author: Author, patientId: number, beitrag: string): Promise<DokumentationEintrag> {
      if (author.role === 'PATIENT') throw HttpError.forbidden();
      await patient(patientId);
      const id = await insertDocumentation(db, {
        patientUserId: patientId,
        autorUserId: author.userId,
        vonBetreiber: author.role === 'BETREIBER',
        beitrag,
      });
      const created = (await listDocumentation(db, patientId)).find((row) => row.id === id);
      if (!created) throw new Error('Dokumentationseintrag fehlt');
      return entry(created);
    },

    /** Therapists' and operators' entries on the patient, newest first. */
    async list(patientId: number): Promise<DokumentationEintrag[]> {
      await patient(patientId);
      return (await listDocumentation(db, patientId)).map(entry);
    },

    /** The documentation as a PDF (GET /pdf/patientendokumentation/{patientId}). */
    async pdf(patientId: number, now: Date = new Date()): Promise<Buffer> {
      const { profile } = await patient(patientId);
      const rows = await listDocumentation(db, patientId);
      const name = `${profile?.vorname ?? ''} ${profile?.nachname ?? ''}`.trim();
      return renderDokumentation({ name, geburtsdatum: profile?.geburtsdatum ?? null }, rows, now);
    },
  };
}
export type DokumentationService = ReturnType<typeof createDokumentationService>;
