import type { SessionClaims } from '@dihs/contract/auth';
import type { NavigationNode } from '@dihs/contract/navigation';
import type { Database } from '../../db/client.ts';
import { listPages } from '../inhalt/index.ts';
import { viewerOf } from '../users/index.ts';
import { listNavigationNodes } from './navigation.repository.ts';
import { visibleNavigationTree } from './navigation-tree.ts';

/** The menu tree as the session's viewer may see it. */
export async function navigationFor(db: Database, session: SessionClaims | null): Promise<NavigationNode[]> {
  const [rows, pages, viewer] = await Promise.all([listNavigationNodes(db), listPages(db), viewerOf(db, session)]);
  return visibleNavigationTree(rows, pages, viewer);
}
