import type { SessionClaims } from '@dihs/contract/auth';
import { MESSAGES } from '@dihs/contract/common/messages';
import { PROFIL_LIMITS, PROFIL_TEXTS } from '@dihs/contract/profil';
import type { Database } from '../../db/client.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { HttpError } from '../../lib/http-error.ts';
import { detectImageType, reencodeImage, UnreadableImageError } from '../../lib/image.ts';
import { findAccount, replaceProfilePhoto } from './profil.repository.ts';

type Viewer = Pick<SessionClaims, 'userId' | 'role'>;

/** Longer side of a stored profile photo, in pixels: enough for the directory cards and the profile. */
const PHOTO_EDGE = 800;

/**
 * Profile photos of therapists: JPEG or PNG by content, at most PROFIL_LIMITS.profilbildBytes, stored re-encoded so
 * that no metadata (EXIF GPS position and the like) survives.
 */
export function createProfilbildService({ db, files }: { db: Database; files: FileStore }) {
  return {
    /** Stores a new photo for a therapist and removes the previous one. */
    async upload(therapistId: number, data: Buffer): Promise<void> {
      const found = await findAccount(db, therapistId);
      if (!found || found.user.deletedAt) throw HttpError.notFound(PROFIL_TEXTS.benutzerNichtGefunden);
      if (found.user.role !== 'THERAPEUT') throw HttpError.badRequest(PROFIL_TEXTS.nurTherapeuten);
      if (data.length === 0) throw HttpError.badRequest(PROFIL_TEXTS.bildFehlt);
      if (data.length > PROFIL_LIMITS.profilbildBytes) throw HttpError.badRequest(PROFIL_TEXTS.bildZuGross);
      const type = detectImageType(data);
      if (!type) throw HttpError.badRequest(PROFIL_TEXTS.bildFormat);
      let clean: Buffer;
      try {
        clean = await reencodeImage(data, type, PHOTO_EDGE);
      } catch (error) {
        if (error instanceof UnreadableImageError) throw HttpError.badRequest(PROFIL_TEXTS.bildUnlesbar);
        throw error;
      }
      const key = await files.put(clean);
      const previous = await replaceProfilePhoto(db, therapistId, key);
      if (previous) await files.delete(previous);
    },

    /**
     * The photo as a data URL. A therapist's photo is public to every logged-in user (directory, profile); any
     * other account's photo only to its owner and operators.
     */
    async photo(viewer: Viewer, userId: number): Promise<string> {
      const found = await findAccount(db, userId);
      if (!found || found.user.deletedAt) throw HttpError.notFound(PROFIL_TEXTS.keinBild);
      const isPublic = found.user.role === 'THERAPEUT' && found.user.active;
      if (!isPublic && viewer.userId !== userId && viewer.role !== 'BETREIBER') {
        throw HttpError.forbidden(MESSAGES.keineBerechtigung);
      }
      const key = found.profile?.profilbild;
      const data = key ? await files.get(key) : null;
      const type = data ? detectImageType(data) : null;
      if (!data || !type) throw HttpError.notFound(PROFIL_TEXTS.keinBild);
      return `data:${type};base64,${data.toString('base64')}`;
    },
  };
}
