import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { privilegeCode, type Privilege, type Role } from '@dihs/contract/common/roles';
import { INHALT_TEXTS } from '@dihs/contract/inhalt';
import {
  NAVIGATION_TEXTS,
  type NavigationEdit,
  type NavigationNode,
  type PageToDelete,
  type TrashEntry,
} from '@dihs/contract/navigation';
import { hashPassword } from '../../lib/password.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { pages } from '../inhalt/inhalt.table.ts';
import { DEMO_PASSWORD } from '../users/index.ts';
import { users } from '../users/users.table.ts';
import { apiUrl } from '@dihs/contract/common/endpoint';
import { inhaltEndpoints } from '@dihs/contract/inhalt';
import { navigationEndpoints } from '@dihs/contract/navigation';

let t: TestApp;
let editor: string;
let secondEditor: string;
let demoHash: string;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_IP: '10000', LOGIN_RATE_LIMIT_ACCOUNT: '10000' });
  demoHash = await hashPassword(DEMO_PASSWORD);
  editor = await t.bearer('betreiber@demo.de');
  secondEditor = await account('BETREIBER', ['NAVIGATION_EDITIEREN']);
});
afterAll(() => t.close());

let counter = 0;
async function account(role: Role, privileges: Privilege[]) {
  const email = `navigation-konto-${counter++}@test.de`;
  await t.db.insert(users).values({ email, role, passwordHash: demoHash, privileges: privileges.map(privilegeCode) });
  return t.bearer(email);
}

const call = (method: 'GET' | 'POST', url: string, authorization: string | null = editor, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: authorization ? { authorization } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
async function load(authorization = editor): Promise<NavigationEdit> {
  const response = await call('GET', apiUrl(navigationEndpoints.bearbeiten), authorization);
  expect(response.statusCode).toBe(200);
  return response.json<NavigationEdit>();
}
const save = (version: number, baum: NavigationNode[], authorization = editor) =>
  call('POST', apiUrl(navigationEndpoints.bearbeiten), authorization, { version, baum });
async function saveOk(version: number, baum: NavigationNode[]): Promise<PageToDelete[]> {
  const response = await save(version, baum);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PageToDelete[]>();
}

/** Titles of a tree as nested arrays: menus as [titel, [children]], entries as titel. */
type Shape = string | [string, Shape[]];
const shape = (nodes: NavigationNode[]): Shape[] =>
  nodes.map((n) => (n.type === 'menue' ? [n.titel, shape(n.kinder ?? [])] : n.titel));
const find = (nodes: NavigationNode[], titel: string): NavigationNode | undefined => {
  for (const node of nodes) {
    if (node.titel === titel) return node;
    const inner = find(node.kinder ?? [], titel);
    if (inner) return inner;
  }
  return undefined;
};
/** The tree without the node of that title (its parent's list shortened). */
const without = (nodes: NavigationNode[], titel: string): NavigationNode[] =>
  nodes.filter((n) => n.titel !== titel).map((n) => (n.kinder ? { ...n, kinder: without(n.kinder, titel) } : n));
const visitorMenu = async () =>
  shape((await call('GET', apiUrl(navigationEndpoints.baum), null)).json<NavigationNode[]>());

const DEMO_SHAPE: Shape[] = [
  ['Über uns', ['Über die Plattform', 'Häufige Fragen', 'Neuigkeiten', 'Leitlinien (AWMF)', 'Entwurf: Sommeraktion']],
  [
    'Meine Therapie',
    [
      'Terminplan',
      'Einzeltermine',
      'Leistungen kaufen',
      'Abo',
      'Rezepte',
      ['Training', ['Mein Trainingsplan', 'Anamnesebogen', 'Sturzprävention']],
      'Angebot Ihrer Firma',
    ],
  ],
  ['Für Therapeuten', ['Meine Termine', 'Hinweise für Therapeuten']],
  ['Service', ['Videos', 'Verbindungstest', 'Mein Profil']],
  'Kontakt',
];

describe('GET /api/navigation/edit', () => {
  it('answers the whole tree with inactive pages, link targets, its version and the urls in use', async () => {
    const edit = await load();
    expect(shape(edit.baum)).toEqual(DEMO_SHAPE);
    expect(find(edit.baum, 'Entwurf: Sommeraktion')).toMatchObject({
      type: 'eintrag',
      aktiv: false,
      urlDto: { urlType: 'SEITE', ziel: 'entwurf', statisch: false },
    });
    expect(find(edit.baum, 'Leitlinien (AWMF)')?.urlDto).toMatchObject({ urlType: 'EXTERN' });
    expect(edit.belegteUrls).toEqual(expect.arrayContaining(['agb', 'kontakt', 'ueber-uns', 'entwurf']));
    expect(Number.isInteger(edit.version)).toBe(true);
  });

  it('refuses visitors (401), and patients, therapists and operators without NAVIGATION_EDITIEREN (403)', async () => {
    expect((await call('GET', apiUrl(navigationEndpoints.bearbeiten), null)).statusCode).toBe(401);
    const others = [
      await t.bearer('patient@demo.de'),
      await t.bearer('therapeut@demo.de'),
      await account('BETREIBER', ['INHALT_EDITIEREN', 'BENUTZER_VERWALTEN']),
    ];
    for (const bearer of others) {
      expect((await call('GET', apiUrl(navigationEndpoints.bearbeiten), bearer)).statusCode).toBe(403);
      expect(
        (await call('POST', apiUrl(navigationEndpoints.bearbeiten), bearer, { version: 0, baum: [] })).statusCode,
      ).toBe(403);
      expect((await call('GET', apiUrl(navigationEndpoints.papierkorb), bearer)).statusCode).toBe(403);
      expect(
        (await call('POST', apiUrl(navigationEndpoints.papierkorb), bearer, { ids: [1], final: true })).statusCode,
      ).toBe(403);
      expect(
        (await call('POST', apiUrl(navigationEndpoints.wiederherstellen, { params: { id: 1 } }), bearer)).statusCode,
      ).toBe(403);
      expect((await call('GET', apiUrl(navigationEndpoints.papierkorbLeeren), bearer)).statusCode).toBe(403);
    }
    expect(
      (await call('POST', apiUrl(navigationEndpoints.bearbeiten), null, { version: 0, baum: [] })).statusCode,
    ).toBe(401);
    expect((await call('GET', apiUrl(navigationEndpoints.papierkorbLeeren), null)).statusCode).toBe(401);
  });
});

describe('POST /api/navigation/edit', () => {
  let edit: NavigationEdit;
  beforeEach(async () => {
    edit = await load();
  });

  it('saves an unchanged tree, raises the version and offers nothing for deletion', async () => {
    expect(await saveOk(edit.version, edit.baum)).toEqual([]);
    const after = await load();
    expect(after.version).toBe(edit.version + 1);
    expect(shape(after.baum)).toEqual(shape(edit.baum));
  });

  it('creates a menu and a page from temporary ids, moves nodes, and the visitor menu follows at once', async () => {
    const [ueberUns, therapie, therapeuten, service, kontakt] = edit.baum as [
      NavigationNode,
      NavigationNode,
      NavigationNode,
      NavigationNode,
      NavigationNode,
    ];
    const neu: NavigationNode = {
      id: 'n1',
      titel: 'Aktuelles',
      type: 'menue',
      toCreate: true,
      kinder: [
        {
          id: 'n2',
          titel: 'Sommerkurs',
          type: 'eintrag',
          toCreate: true,
          urlDto: { urlType: 'SEITE', ziel: 'sommerkurs', statisch: false },
        },
        kontakt,
      ],
    };
    // the new menu first, Kontakt moved into it, "Häufige Fragen" moved up above "Über die Plattform"
    const kinder = ueberUns.kinder!;
    const reordered = { ...ueberUns, kinder: [kinder[1]!, kinder[0]!, ...kinder.slice(2)] };
    expect(await saveOk(edit.version, [neu, reordered, therapie, therapeuten, service])).toEqual([]);

    const menu = await visitorMenu();
    expect(menu[0]).toEqual(['Aktuelles', ['Sommerkurs', 'Kontakt']]);
    expect(menu[1]).toEqual(['Über uns', ['Häufige Fragen', 'Über die Plattform', 'Neuigkeiten', 'Leitlinien (AWMF)']]);
    const page = await call('GET', apiUrl(inhaltEndpoints.seite, { params: { url: 'sommerkurs' } }), null);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ titel: 'Sommerkurs', inhalt: '', statischeUrl: false });
    const created = find((await load()).baum, 'Sommerkurs');
    expect(typeof created?.id).toBe('number');
    expect(created?.urlDto).toEqual({ urlType: 'SEITE', ziel: 'sommerkurs', statisch: false });
  });

  it('gives the second of two editors who loaded the same version a 409 and keeps the first one’s tree', async () => {
    const first = without(edit.baum, 'Abo');
    const second = without(edit.baum, 'Rezepte');
    expect((await save(edit.version, first)).statusCode).toBe(200);
    const conflict = await save(edit.version, second, secondEditor);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe(NAVIGATION_TEXTS.konflikt);
    const after = await load();
    expect(find(after.baum, 'Abo')).toBeUndefined();
    expect(find(after.baum, 'Rezepte')).toBeDefined();
  });

  it('lets exactly one of two parallel saves of the same version win', async () => {
    const results = await Promise.all([
      save(edit.version, without(edit.baum, 'Einzeltermine')),
      save(edit.version, without(edit.baum, 'Terminplan'), secondEditor),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const after = await load();
    expect([find(after.baum, 'Einzeltermine'), find(after.baum, 'Terminplan')].filter(Boolean)).toHaveLength(1);
    expect(after.version).toBe(edit.version + 1);
  });

  it('moves the children of a removed inner menu to its parent', async () => {
    const therapie = find(edit.baum, 'Meine Therapie')!;
    const training = find(edit.baum, 'Training')!;
    const kinder = therapie.kinder!.flatMap((n) => (n.id === training.id ? training.kinder! : [n]));
    const baum = edit.baum.map((n) => (n.id === therapie.id ? { ...n, kinder } : n));
    expect(await saveOk(edit.version, baum)).toEqual([]);
    const after = await load();
    expect(find(after.baum, 'Training')).toBeUndefined();
    expect(shape(find(after.baum, 'Meine Therapie')!.kinder!)).toEqual(
      expect.arrayContaining(['Mein Trainingsplan', 'Anamnesebogen', 'Sturzprävention']),
    );
  });

  describe('refuses invalid trees with a German message and leaves the stored tree and version whole', () => {
    /** New menus on levels 1 to 3, and an existing entry moved to level 4. */
    const tooDeep = (baum: NavigationNode[]): NavigationNode[] => [
      ...without(baum, 'Videos'),
      {
        id: 'n1',
        titel: 'Ebene 1',
        type: 'menue',
        kinder: [
          {
            id: 'n2',
            titel: 'Ebene 2',
            type: 'menue',
            kinder: [{ id: 'n3', titel: 'Ebene 3', type: 'menue', kinder: [find(baum, 'Videos')!] }],
          },
        ],
      },
    ];
    const cases: [string, (baum: NavigationNode[]) => NavigationNode[], string][] = [
      ['a fourth level', tooDeep, NAVIGATION_TEXTS.zuTief],
      [
        'a cycle (a menu inside itself)',
        (baum) => baum.map((n) => (n.titel === 'Service' ? { ...n, kinder: [...n.kinder!, { ...n }] } : n)),
        NAVIGATION_TEXTS.zyklus,
      ],
      [
        'an unknown parent id',
        (baum) => [
          { id: 999_999, titel: 'Fremd', type: 'menue', kinder: [find(baum, 'Kontakt')!] },
          ...without(baum, 'Kontakt'),
        ],
        NAVIGATION_TEXTS.unbekannt,
      ],
      [
        'a new page with a url in use (other case)',
        (baum) => [
          ...baum,
          {
            id: 'n1',
            titel: 'Doppelt',
            type: 'eintrag',
            urlDto: { urlType: 'SEITE', ziel: 'Kontakt', statisch: false },
          },
        ],
        INHALT_TEXTS.urlBelegt,
      ],
      [
        'a new page with a slash in the url',
        (baum) => [
          ...baum,
          { id: 'n1', titel: 'Schräg', type: 'eintrag', urlDto: { urlType: 'SEITE', ziel: 'a/b', statisch: false } },
        ],
        INHALT_TEXTS.urlZeichen,
      ],
      [
        'a new page with an empty title',
        (baum) => [
          ...baum,
          { id: 'n1', titel: ' ', type: 'eintrag', urlDto: { urlType: 'SEITE', ziel: 'leer', statisch: false } },
        ],
        NAVIGATION_TEXTS.titelLeer,
      ],
      [
        'a top-level menu deleted with its children',
        (baum) => baum.filter((n) => n.titel !== 'Service'),
        NAVIGATION_TEXTS.hauptmenueNichtLeer,
      ],
      ['a static page deleted', (baum) => without(baum, 'Häufige Fragen'), NAVIGATION_TEXTS.statischNichtLoeschbar],
      [
        'a menu turned into an entry',
        (baum) => baum.map((n) => (n.titel === 'Service' ? { id: n.id, titel: n.titel, type: 'eintrag' } : n)),
        NAVIGATION_TEXTS.typGeaendert,
      ],
    ];
    it.each(cases)('%s', async (_, change, message) => {
      const response = await save(edit.version, change(edit.baum));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
      const after = await load();
      expect(after.version).toBe(edit.version);
      expect(shape(after.baum)).toEqual(shape(edit.baum));
    });

    it('a tree nested thousands of levels deep (parsing stops at the fourth level)', async () => {
      const depth = 15_000;
      const open = Array.from({ length: depth }, (_, i) => `{"id":"n${i + 1}","titel":"x","type":"menue","kinder":[`);
      const payload = `{"version":${edit.version},"baum":[${open.join('')}${']}'.repeat(depth)}]}`;
      const response = await t.app.inject({
        method: 'POST',
        url: apiUrl(navigationEndpoints.bearbeiten),
        headers: { authorization: editor, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(NAVIGATION_TEXTS.zuTief);
    });

    it('a malformed body', async () => {
      expect(
        (await call('POST', apiUrl(navigationEndpoints.bearbeiten), editor, { version: edit.version })).statusCode,
      ).toBe(400);
      expect(
        (await call('POST', apiUrl(navigationEndpoints.bearbeiten), editor, { version: -1, baum: [] })).statusCode,
      ).toBe(400);
      const badId = await save(edit.version, [...edit.baum, { id: 'x', titel: 'x', type: 'menue' }]);
      expect(badId.statusCode).toBe(400);
      expect((await load()).version).toBe(edit.version);
    });
  });
});

describe('trash and final deletion', () => {
  const pageRow = async (url: string) => (await t.db.select().from(pages).where(eq(pages.url, url)))[0];
  const trash = async () => (await call('GET', apiUrl(navigationEndpoints.papierkorb))).json<TrashEntry[]>();

  it('offers a removed page, puts it into the trash, and restores it with a menu entry', async () => {
    const edit = await load();
    const toDelete = await saveOk(edit.version, without(edit.baum, 'Hinweise für Therapeuten'));
    const id = (await pageRow('therapeuten-hinweise'))!.id;
    expect(toDelete).toEqual([{ id, titel: 'Hinweise für Therapeuten', url: 'therapeuten-hinweise' }]);

    expect(
      (await call('POST', apiUrl(navigationEndpoints.papierkorb), editor, { ids: [id], final: false })).statusCode,
    ).toBe(200);
    expect(
      (await call('GET', apiUrl(inhaltEndpoints.seite, { params: { url: 'therapeuten-hinweise' } }), editor))
        .statusCode,
    ).toBe(404);
    expect(await trash()).toEqual([expect.objectContaining({ id, url: 'therapeuten-hinweise' })]);
    // a trashed page keeps its url
    const taken = await save((await load()).version, [
      ...(await load()).baum,
      {
        id: 'n1',
        titel: 'x',
        type: 'eintrag',
        urlDto: { urlType: 'SEITE', ziel: 'therapeuten-hinweise', statisch: false },
      },
    ]);
    expect(taken.json().message).toBe(INHALT_TEXTS.urlBelegt);

    const before = await load();
    expect((await call('POST', apiUrl(navigationEndpoints.wiederherstellen, { params: { id } }))).statusCode).toBe(200);
    expect(await trash()).toEqual([]);
    const after = await load();
    expect(after.version).toBe(before.version + 1);
    expect(after.baum.at(-1)).toMatchObject({ titel: 'Hinweise für Therapeuten', type: 'eintrag' });
    expect(
      (
        await call(
          'GET',
          apiUrl(inhaltEndpoints.seite, { params: { url: 'therapeuten-hinweise' } }),
          await t.bearer('therapeut@demo.de'),
        )
      ).statusCode,
    ).toBe(200);
    expect(await saveOk(after.version, after.baum)).toEqual([]);
    expect((await call('POST', apiUrl(navigationEndpoints.wiederherstellen, { params: { id } }))).statusCode).toBe(404);
  });

  it('deletes a removed page for good', async () => {
    const edit = await load();
    const [offered] = await saveOk(edit.version, without(edit.baum, 'Angebot Ihrer Firma'));
    expect(offered?.url).toBe('firmenangebot');
    expect(
      (await call('POST', apiUrl(navigationEndpoints.papierkorb), editor, { ids: [offered!.id], final: true }))
        .statusCode,
    ).toBe(200);
    expect(await pageRow('firmenangebot')).toBeUndefined();
    expect(await trash()).toEqual([]);
  });

  it('offers a page again on the next save when the first offer was left unanswered', async () => {
    const edit = await load();
    const [offered] = await saveOk(edit.version, without(edit.baum, 'Entwurf: Sommeraktion'));
    expect(offered?.url).toBe('entwurf');
    const again = await load();
    expect(await saveOk(again.version, again.baum)).toEqual([offered]);
    expect(
      (await call('POST', apiUrl(navigationEndpoints.papierkorb), editor, { ids: [offered!.id], final: false }))
        .statusCode,
    ).toBe(200);
  });

  it('empties the trash with GET /api/navigation/emptytrash', async () => {
    await t.db.insert(pages).values([
      { url: 'alt-1', titel: 'Alt 1', geloeschtAm: new Date() },
      { url: 'alt-2', titel: 'Alt 2', geloeschtAm: new Date() },
    ]);
    const count = (await trash()).length;
    expect(count).toBeGreaterThanOrEqual(2);
    const response = await call('GET', apiUrl(navigationEndpoints.papierkorbLeeren));
    expect(response.json()).toEqual({ geloescht: count });
    expect(await trash()).toEqual([]);
    expect(await pageRow('alt-1')).toBeUndefined();
  });

  it('refuses to trash or delete pages that are still in the menu, static or unknown', async () => {
    const inMenu = (await pageRow('ueber-uns'))!.id;
    const statisch = (await pageRow('agb'))!.id;
    for (const ids of [[inMenu], [statisch], [999_999]]) {
      for (const final of [false, true]) {
        const response = await call('POST', apiUrl(navigationEndpoints.papierkorb), editor, { ids, final });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(NAVIGATION_TEXTS.seiteNichtLoeschbar);
      }
    }
    expect(await pageRow('ueber-uns')).toMatchObject({ geloeschtAm: null });
    expect(
      (await call('POST', apiUrl(navigationEndpoints.papierkorb), editor, { ids: [], final: true })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', apiUrl(navigationEndpoints.wiederherstellen, { params: { id: 'abc' } }))).statusCode,
    ).toBe(400);
  });
});
