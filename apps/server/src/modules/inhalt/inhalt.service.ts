import type { SessionClaims } from '@dihs/contract/auth';
import { MESSAGES } from '@dihs/contract/common/messages';
import type { PageContent } from '@dihs/contract/inhalt';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { viewerOf } from '../users/index.ts';
import { findPageByUrl } from './inhalt.repository.ts';
import { pageAccess } from './page-access.ts';

/** A content page as the viewer may see it; 404, 401 or 403 otherwise. */
export async function pageForViewer(db: Database, url: string, session: SessionClaims | null): Promise<PageContent> {
  const page = await findPageByUrl(db, url);
  if (!page) throw HttpError.notFound(MESSAGES.seiteNichtGefunden);
  const access = pageAccess(page, await viewerOf(db, session));
  if (access === 'notFound') throw HttpError.notFound(MESSAGES.seiteNichtGefunden);
  if (access === 'loginRequired') throw HttpError.unauthorized();
  if (access === 'forbidden')
    throw HttpError.forbidden('Sie sind nicht berechtigt, die angeforderte Seite aufzurufen.');
  return { titel: page.titel, bild: page.bild, inhalt: sanitizeRichText(page.inhalt), statischeUrl: page.statisch };
}
