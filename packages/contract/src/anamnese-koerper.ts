/**
 * The body image of the anamnesis (spec 3 "Medical history", woSchmerzen): one drawing for the screen's SVG and the
 * PDF, and the named body regions that give each pain point its German name and offer a list as an equivalent of
 * tapping the image. Coordinates are in a box of KOERPER_BREITE × KOERPER_HOEHE per side; a stored point is
 * relative to it (0..1), so it lands on the same spot at any size.
 */

export const KOERPER_BREITE = 100;
export const KOERPER_HOEHE = 220;

export const KOERPER_SEITEN = ['VORNE', 'HINTEN'] as const;
export type KoerperSeite = (typeof KOERPER_SEITEN)[number];
export const KOERPER_SEITE_LABELS: Record<KoerperSeite, string> = { VORNE: 'Vorderseite', HINTEN: 'Rückseite' };

/** The silhouette: a head ellipse and rounded rectangles, drawn alike on both sides. */
export interface KoerperForm {
  kind: 'ellipse' | 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  /** Corner radius of a rectangle. */
  r?: number;
}
export const KOERPER_FORMEN: readonly KoerperForm[] = [
  { kind: 'ellipse', x: 39, y: 4, w: 22, h: 28 },
  { kind: 'rect', x: 44, y: 30, w: 12, h: 12, r: 3 },
  { kind: 'rect', x: 29, y: 40, w: 42, h: 82, r: 9 },
  { kind: 'rect', x: 14, y: 42, w: 15, h: 78, r: 7 },
  { kind: 'rect', x: 71, y: 42, w: 15, h: 78, r: 7 },
  { kind: 'ellipse', x: 12, y: 117, w: 17, h: 19 },
  { kind: 'ellipse', x: 71, y: 117, w: 17, h: 19 },
  { kind: 'rect', x: 31, y: 114, w: 18.5, h: 90, r: 7 },
  { kind: 'rect', x: 50.5, y: 114, w: 18.5, h: 90, r: 7 },
  { kind: 'ellipse', x: 28, y: 200, w: 21, h: 14 },
  { kind: 'ellipse', x: 51, y: 200, w: 21, h: 14 },
];

export interface KoerperRegion {
  /** Stable key (also the list's React key). */
  key: string;
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

type Box = [x: number, y: number, w: number, h: number];
/** The left half of the figure as the viewer sees it, mirrored for the right half. */
const LINKS_IM_BILD: [string, Box][] = [
  ['schulter', [26, 40, 14, 12]],
  ['oberarm', [13, 52, 17, 32]],
  ['unterarm', [12, 84, 17, 34]],
  ['hand', [10, 118, 19, 18]],
  ['oberschenkel', [31, 122, 19, 38]],
  ['knie', [31, 160, 19, 12]],
  ['unterschenkel', [31, 172, 19, 29]],
  ['fuss', [27, 201, 23, 14]],
];
const mirror = ([x, y, w, h]: Box): Box => [KOERPER_BREITE - x - w, y, w, h];

const GLIEDER_NAMEN: Record<KoerperSeite, Record<string, string>> = {
  VORNE: {
    schulter: 'Schulter',
    oberarm: 'Oberarm',
    unterarm: 'Unterarm',
    hand: 'Hand',
    oberschenkel: 'Oberschenkel',
    knie: 'Knie',
    unterschenkel: 'Schienbein',
    fuss: 'Fuß',
  },
  HINTEN: {
    schulter: 'Schulterblatt',
    oberarm: 'Oberarm hinten',
    unterarm: 'Ellenbogen und Unterarm',
    hand: 'Handrücken',
    oberschenkel: 'Oberschenkel hinten',
    knie: 'Kniekehle',
    unterschenkel: 'Wade',
    fuss: 'Ferse',
  },
};
const RUMPF: Record<KoerperSeite, [string, string, Box][]> = {
  VORNE: [
    ['kopf', 'Kopf und Gesicht', [39, 4, 22, 27]],
    ['hals', 'Hals', [43, 31, 14, 10]],
    ['brust', 'Brustkorb', [30, 41, 40, 37]],
    ['bauch', 'Bauch', [30, 78, 40, 24]],
    ['leiste', 'Becken und Leiste', [30, 102, 40, 20]],
  ],
  HINTEN: [
    ['kopf', 'Hinterkopf', [39, 4, 22, 27]],
    ['hals', 'Nacken', [43, 31, 14, 10]],
    ['brust', 'Brustwirbelsäule und oberer Rücken', [30, 41, 40, 37]],
    ['bauch', 'Lendenwirbelsäule und unterer Rücken', [30, 78, 40, 24]],
    ['leiste', 'Gesäß', [30, 102, 40, 20]],
  ],
};

/**
 * The regions of one side. On the front the patient's right is on the viewer's left; on the back it is on the
 * viewer's right, so the names follow the patient's body, not the picture.
 */
function regionenDerSeite(seite: KoerperSeite): KoerperRegion[] {
  const region = (key: string, name: string, [x, y, w, h]: Box): KoerperRegion => ({ key, name, x, y, w, h });
  const bildLinks = seite === 'VORNE' ? 'rechts' : 'links';
  const bildRechts = seite === 'VORNE' ? 'links' : 'rechts';
  return [
    ...RUMPF[seite].map(([key, name, box]) => region(key, name, box)),
    ...LINKS_IM_BILD.flatMap(([key, box]) => {
      const name = GLIEDER_NAMEN[seite][key] ?? key;
      return [
        region(`${key}-${bildLinks}`, `${name} ${bildLinks}`, box),
        region(`${key}-${bildRechts}`, `${name} ${bildRechts}`, mirror(box)),
      ];
    }),
  ];
}

export const KOERPER_REGIONEN: Record<KoerperSeite, readonly KoerperRegion[]> = {
  VORNE: regionenDerSeite('VORNE'),
  HINTEN: regionenDerSeite('HINTEN'),
};

/** A pain point as stored: relative to the side's box (0..1), and the side. */
export interface Schmerzpunkt {
  x: number;
  y: number;
  seite: KoerperSeite;
}

/** The region a point lies in, or null outside the figure's regions. */
export function regionVon(punkt: Schmerzpunkt): KoerperRegion | null {
  const x = punkt.x * KOERPER_BREITE;
  const y = punkt.y * KOERPER_HOEHE;
  return (
    KOERPER_REGIONEN[punkt.seite].find(
      (region) => x >= region.x && x <= region.x + region.w && y >= region.y && y <= region.y + region.h,
    ) ?? null
  );
}

/** "Rückseite: Kniekehle links" – how the list, the screen reader and the PDF name a point. */
export const punktName = (punkt: Schmerzpunkt): string =>
  `${KOERPER_SEITE_LABELS[punkt.seite]}: ${regionVon(punkt)?.name ?? 'außerhalb der Körperregionen'}`;

/** The point in the middle of a region, as the region list sets it. */
export const regionMitte = (seite: KoerperSeite, region: KoerperRegion): Schmerzpunkt => ({
  seite,
  x: Math.round(((region.x + region.w / 2) / KOERPER_BREITE) * 1000) / 1000,
  y: Math.round(((region.y + region.h / 2) / KOERPER_HOEHE) * 1000) / 1000,
});
