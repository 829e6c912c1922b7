import type { SessionClaims } from '@dihs/contract/auth';
import { MESSAGES } from '@dihs/contract/common/messages';
import { INHALT_TEXTS, type PageContent, type PageMeta, type PageSaved } from '@dihs/contract/inhalt';
import type { pageSaveBodySchema } from '@dihs/contract/inhalt';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { viewerOf } from '../users/index.ts';
import {
  findPageByUrl,
  findPageByUrlForUpdate,
  updatePage,
  urlTakenByOther,
  type PageChanges,
} from './inhalt.repository.ts';
import type { PageRow } from './inhalt.table.ts';
import { pageAccess } from './page-access.ts';

const contentOf = (page: PageRow): PageContent => ({
  titel: page.titel,
  bild: page.bild,
  inhalt: sanitizeRichText(page.inhalt),
  statischeUrl: page.statisch,
});

/** A content page as the viewer may see it; 404, 401 or 403 otherwise. */
export async function pageForViewer(db: Database, url: string, session: SessionClaims | null): Promise<PageContent> {
  const page = await findPageByUrl(db, url);
  if (!page) throw HttpError.notFound(MESSAGES.seiteNichtGefunden);
  const access = pageAccess(page, await viewerOf(db, session));
  if (access === 'notFound') throw HttpError.notFound(MESSAGES.seiteNichtGefunden);
  if (access === 'loginRequired') throw HttpError.unauthorized();
  if (access === 'forbidden')
    throw HttpError.forbidden('Sie sind nicht berechtigt, die angeforderte Seite aufzurufen.');
  return contentOf(page);
}

/** Who may see a page (for the editor); trashed pages are gone here too. */
export async function pageMeta(db: Database, url: string): Promise<PageMeta> {
  const page = await findPageByUrl(db, url);
  if (!page || page.geloeschtAm) throw HttpError.notFound(MESSAGES.seiteNichtGefunden);
  return {
    berechtigte: page.berechtigte,
    aktiv: page.aktiv,
    oeffentlich: page.oeffentlich,
    firmaId: page.firmaId,
    berechtigteRollen: page.berechtigteRollen,
  };
}

/**
 * Saves a page from the editor. The HTML is sanitized before it is stored (and again on every read). A static page
 * changes only title, image and content; its url and access rules are fixed.
 */
export async function savePage(
  db: Database,
  url: string,
  body: z.output<typeof pageSaveBodySchema>,
): Promise<PageSaved> {
  try {
    return await db.transaction(async (tx) => {
      const page = await findPageByUrlForUpdate(tx, url);
      if (!page || page.geloeschtAm) throw HttpError.notFound(MESSAGES.seiteNichtGefunden);
      const content: PageChanges = { titel: body.titel, bild: body.bild, inhalt: sanitizeRichText(body.inhalt) };
      let changes = content;
      if (!page.statisch) {
        if (body.url !== page.url && (await urlTakenByOther(tx, body.url, page.id))) {
          throw HttpError.badRequest(INHALT_TEXTS.urlBelegt);
        }
        changes = {
          ...content,
          url: body.url,
          aktiv: body.aktiv,
          oeffentlich: body.oeffentlich,
          firmaId: body.firmaId,
          berechtigte: body.berechtigte,
          berechtigteRollen: body.berechtigteRollen,
        };
      }
      const saved = await updatePage(tx, page.id, changes);
      if (!saved) throw HttpError.notFound(MESSAGES.seiteNichtGefunden);
      return { ...contentOf(saved), url: saved.url };
    });
  } catch (error) {
    // a parallel save took the url, or the company was deleted meanwhile
    if (isUniqueViolation(error)) throw HttpError.badRequest(INHALT_TEXTS.urlBelegt);
    if (isForeignKeyViolation(error)) throw HttpError.badRequest(INHALT_TEXTS.firmaUnbekannt);
    throw error;
  }
}
