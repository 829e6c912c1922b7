import type { UrlType } from '@dihs/contract/navigation';
import type { Transaction } from '../../db/client.ts';
import { insertNode } from './navigation.repository.ts';

type DemoNode =
  | { menu: string; children: DemoNode[] }
  | { entry: string; page: string }
  | { entry: string; urlType: Exclude<UrlType, 'SEITE'>; ziel: string; params?: Record<string, string> };

/** A menu tree that shows every kind of link target of spec 1, section 2.3. */
const DEMO_TREE: DemoNode[] = [
  {
    menu: 'Über uns',
    children: [
      { entry: 'Über die Plattform', page: 'ueber-uns' },
      { entry: 'Häufige Fragen', page: 'faq' },
      { entry: 'Neuigkeiten', page: 'neuigkeiten' },
      { entry: 'Leitlinien (AWMF)', urlType: 'EXTERN', ziel: 'https://www.awmf.org/' },
      { entry: 'Entwurf: Sommeraktion', page: 'entwurf' },
    ],
  },
  {
    menu: 'Meine Therapie',
    children: [
      { entry: 'Terminplan', urlType: 'PATIENT_TERMINE', ziel: '' },
      // kgt switches group appointments off, so the list shows single appointments only (spec 2, section 2)
      { entry: 'Einzeltermine', urlType: 'PATIENT_TERMINE', ziel: '', params: { kgt: 'true' } },
      { entry: 'Leistungen kaufen', urlType: 'APP', ziel: '/patient/guthaben' },
      { entry: 'Abo', urlType: 'APP', ziel: '/patient/abo' },
      { entry: 'Rezepte', urlType: 'APP', ziel: '/patient/rezepte' },
      {
        menu: 'Training',
        children: [
          { entry: 'Mein Trainingsplan', urlType: 'APP', ziel: '/patient/trainingsplan' },
          { entry: 'Anamnesebogen', urlType: 'APP', ziel: '/anamnese' },
          { entry: 'Sturzprävention', page: 'sturz' },
        ],
      },
      { entry: 'Angebot Ihrer Firma', page: 'firmenangebot' },
    ],
  },
  {
    menu: 'Für Therapeuten',
    children: [
      { entry: 'Meine Termine', urlType: 'THERAPEUT_TERMINE', ziel: '' },
      { entry: 'Hinweise für Therapeuten', page: 'therapeuten-hinweise' },
    ],
  },
  {
    menu: 'Service',
    children: [
      { entry: 'Videos', urlType: 'APP', ziel: '/videos' },
      { entry: 'Verbindungstest', urlType: 'APP', ziel: '/verbindungstest' },
      { entry: 'Mein Profil', urlType: 'PROFIL', ziel: '' },
    ],
  },
  { entry: 'Kontakt', page: 'kontakt' },
];

/** Inserts the demo menu tree; pageIds maps page urls to their ids. */
export async function seedDemoNavigation(tx: Transaction, pageIds: Record<string, number>): Promise<void> {
  const insert = async (nodes: DemoNode[], parentId: number | null) => {
    for (const [position, node] of nodes.entries()) {
      if ('menu' in node) {
        await insert(node.children, await insertNode(tx, { parentId, position, titel: node.menu, type: 'menue' }));
      } else if ('page' in node) {
        const seiteId = pageIds[node.page];
        if (seiteId === undefined) throw new Error(`Demo-Seite ${node.page} fehlt`);
        await insertNode(tx, { parentId, position, titel: node.entry, type: 'eintrag', urlType: 'SEITE', seiteId });
      } else {
        await insertNode(tx, {
          parentId,
          position,
          titel: node.entry,
          type: 'eintrag',
          urlType: node.urlType,
          ziel: node.ziel,
          params: node.params ?? null,
        });
      }
    }
  };
  await insert(DEMO_TREE, null);
}
