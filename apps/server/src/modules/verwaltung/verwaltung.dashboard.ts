import { staticPagePath } from '@dihs/contract/common/routes';
import { COCKPIT_SETTINGS, parseCockpitKacheln, type DashboardTile } from '@dihs/contract/dashboard';
import type { Database } from '../../db/client.ts';
import { entriesOfType } from './verwaltung.repository.ts';

/**
 * The operator's cockpit tiles (settings COCKPIT_KACHELN, one tile per line) and the operator's text for patients
 * (COCKPIT_TEXT, a leftText tile linking to the contact page). A line saved before the format was checked and no
 * longer valid is left out rather than breaking the cockpit.
 */
export async function verwaltungDashboardTiles(db: Database): Promise<DashboardTile[]> {
  const [kachelEntries, textEntries] = await Promise.all([
    entriesOfType(db, COCKPIT_SETTINGS.kacheln),
    entriesOfType(db, COCKPIT_SETTINGS.text),
  ]);
  const tiles: DashboardTile[] = textEntries
    .filter((entry) => entry.value?.trim())
    .map((entry) => ({
      kind: 'leftText',
      id: `hinweis-${entry.id}`,
      icon: 'kontakt',
      link: staticPagePath('kontakt'),
      size: 2,
      text: entry.value?.trim() ?? '',
    }));
  for (const entry of kachelEntries) {
    const parsed = parseCockpitKacheln(entry.value ?? '');
    if (!parsed.ok) continue;
    parsed.kacheln.forEach((kachel, index) =>
      tiles.push({
        kind: 'staticTile',
        id: `kachel-${entry.id}-${index}`,
        icon: kachel.icon,
        link: kachel.link,
        size: 1,
        titel: kachel.titel,
        text: kachel.text,
      }),
    );
  }
  return tiles;
}
