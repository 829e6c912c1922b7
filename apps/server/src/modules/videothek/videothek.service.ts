import type { SessionClaims } from '@dihs/contract/auth';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { VIDEOTHEK_TEXTS, videothekEndpoints, type Video } from '@dihs/contract/videothek';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-types.ts';
import type { Database } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { videoThumbnail } from '../../lib/video-thumbnail.ts';
import { findUserById } from '../users/index.ts';
import {
  deleteVideo,
  findVideo,
  insertVideo,
  listVideos,
  setVideoVorschau,
  updateVideo,
} from './videothek.repository.ts';
import type { VideoRow } from './videothek.table.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'files'>;

const toVideo = (row: VideoRow & { firmen: number[] }): Video => ({
  id: row.id,
  titel: row.titel,
  kurzbeschreibung: row.kurzbeschreibung,
  vimeolink: row.vimeolink,
  vimeobild: row.vorschauBild ? apiUrl(videothekEndpoints.vorschau, { params: { id: row.id } }) : null,
  langtext: row.langtext,
  firmen: row.firmen,
  firmaVideo: row.firmen.length > 0,
  datum: row.datum.toISOString(),
});

/** Operators and therapists see every video; a patient those without a company and those of their own. */
export async function videoListe(db: Database, session: SessionClaims): Promise<Video[]> {
  if (session.role !== 'PATIENT') return (await listVideos(db)).map(toVideo);
  const user = await findUserById(db, session.userId);
  return (await listVideos(db, { nurFuerFirma: user?.firmaId ?? null })).map(toVideo);
}

interface Fields {
  titel: string;
  kurzbeschreibung: string;
  vimeolink: string;
  langtext: string;
  firmen: number[];
}

const unknownFirma = (error: unknown) => {
  if (isForeignKeyViolation(error)) return HttpError.badRequest(VIDEOTHEK_TEXTS.firmaUnbekannt);
  return error;
};

async function withThumbnail(deps: Deps, log: FastifyBaseLogger, id: number, link: string): Promise<Video> {
  const key = await videoThumbnail(deps, log, link);
  if (key && !(await setVideoVorschau(deps.db, id, link, key))) await deps.files.delete(key);
  const row = await findVideo(deps.db, id);
  if (!row) throw HttpError.notFound(VIDEOTHEK_TEXTS.nichtGefunden);
  return toVideo(row);
}

/** POST /video/betreiber/create: the video, then its thumbnail from the host (a few seconds at most). */
export async function videoAnlegen(deps: Deps, log: FastifyBaseLogger, fields: Fields): Promise<Video> {
  const { firmen, ...values } = fields;
  const row = await deps.db
    .transaction((tx) => insertVideo(tx, values, [...new Set(firmen)]))
    .catch((error: unknown) => {
      throw unknownFirma(error);
    });
  return withThumbnail(deps, log, row.id, row.vimeolink);
}

/** POST /video/betreiber/save: a changed link drops the old thumbnail and fetches the new one. */
export async function videoSpeichern(deps: Deps, log: FastifyBaseLogger, id: number, fields: Fields): Promise<Video> {
  const before = await findVideo(deps.db, id);
  if (!before) throw HttpError.notFound(VIDEOTHEK_TEXTS.nichtGefunden);
  const linkGeaendert = before.vimeolink !== fields.vimeolink;
  const { firmen, ...values } = fields;
  await deps.db
    .transaction((tx) =>
      updateVideo(tx, id, { ...values, ...(linkGeaendert ? { vorschauBild: null } : {}) }, [...new Set(firmen)]),
    )
    .catch((error: unknown) => {
      throw unknownFirma(error);
    });
  if (linkGeaendert && before.vorschauBild) await deps.files.delete(before.vorschauBild);
  if (linkGeaendert) return withThumbnail(deps, log, id, fields.vimeolink);
  return toVideo((await findVideo(deps.db, id))!);
}

export async function videoLoeschen(deps: Deps, id: number): Promise<{ id: number }> {
  const row = await deleteVideo(deps.db, id);
  if (!row) throw HttpError.notFound(VIDEOTHEK_TEXTS.nichtGefunden);
  if (row.vorschauBild) await deps.files.delete(row.vorschauBild);
  return { id };
}
