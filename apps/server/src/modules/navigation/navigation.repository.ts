import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { navigationNodes, type NavigationNodeRow } from './navigation.table.ts';

/** Every node, in sibling order. */
export const listNavigationNodes = (db: Database): Promise<NavigationNodeRow[]> =>
  db.select().from(navigationNodes).orderBy(asc(navigationNodes.position), asc(navigationNodes.id));
