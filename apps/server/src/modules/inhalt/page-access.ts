import { hasPrivilege, roleCode } from '@dihs/contract/common/roles';
import type { Viewer } from '../users/index.ts';
import type { PageRow } from './inhalt.table.ts';

export type PageAccess = 'ok' | 'notFound' | 'loginRequired' | 'forbidden';

type AccessFields = Pick<
  PageRow,
  'statisch' | 'aktiv' | 'oeffentlich' | 'firmaId' | 'berechtigte' | 'berechtigteRollen' | 'geloeschtAm'
>;

/**
 * Whether a viewer may see a page (spec 3, sections 2 and 6). Editors (NAVIGATION_EDITIEREN) see every page
 * that is not in the trash; static pages are public; otherwise the page must be active, public or the viewer
 * logged in, and the viewer must match the role or privilege lists (when set) and the company (when set).
 */
export function pageAccess(page: AccessFields, viewer: Viewer | null): PageAccess {
  if (page.geloeschtAm) return 'notFound';
  if (viewer && hasPrivilege(viewer.privileges, 'NAVIGATION_EDITIEREN')) return 'ok';
  if (page.statisch) return 'ok';
  if (!page.aktiv) return 'notFound';
  const restrictedByAuthority = page.berechtigteRollen.length > 0 || page.berechtigte.length > 0;
  const needsLogin = !page.oeffentlich || restrictedByAuthority || page.firmaId !== null;
  if (!needsLogin) return 'ok';
  if (!viewer) return 'loginRequired';
  if (restrictedByAuthority) {
    const byRole = page.berechtigteRollen.includes(roleCode(viewer.role));
    const byPrivilege = page.berechtigte.some((code) => viewer.privileges.includes(code));
    if (!byRole && !byPrivilege) return 'forbidden';
  }
  if (page.firmaId !== null && viewer.firmaId !== page.firmaId) return 'forbidden';
  return 'ok';
}
