import { describe, expect, it } from 'vitest';
import { regionVon, type Schmerzpunkt } from './anamnese-koerper.ts';
import {
  abhaengigkeitsFehler,
  antwortText,
  FRAGEBOGEN_TEXTS,
  sichtbareFragen,
  type AntwortWert,
  type SichtbarkeitsFrage,
} from './fragebogen.ts';

const frage = (id: number, extra: Partial<SichtbarkeitsFrage> = {}): SichtbarkeitsFrage => ({
  id,
  typ: 'WAHRHEITSWERT',
  position: id,
  dependsOn: null,
  condition: null,
  ...extra,
});
const shown = (fragen: SichtbarkeitsFrage[], antworten: [number, AntwortWert][] = []) =>
  [...sichtbareFragen(fragen, new Map(antworten))].sort();

describe('sichtbareFragen', () => {
  it('hides questions without a position or at -1 and below', () => {
    expect(
      shown([frage(1), frage(2, { position: null }), frage(3, { position: -1 }), frage(4, { position: 0 })]),
    ).toEqual([1, 4]);
  });

  it('shows a dependent question only while its boolean question has the required answer', () => {
    const fragen = [frage(1), frage(2, { typ: 'SKALA', dependsOn: 1, condition: true })];
    expect(shown(fragen)).toEqual([1]);
    expect(shown(fragen, [[1, false]])).toEqual([1]);
    expect(shown(fragen, [[1, true]])).toEqual([1, 2]);
  });

  it('hides a whole chain below a hidden question, even when a lower answer would match', () => {
    const fragen = [
      frage(1),
      frage(2, { dependsOn: 1, condition: true }),
      frage(3, { dependsOn: 2, condition: false }),
    ];
    expect(
      shown(fragen, [
        [1, true],
        [2, false],
      ]),
    ).toEqual([1, 2, 3]);
    expect(
      shown(fragen, [
        [1, false],
        [2, false],
      ]),
    ).toEqual([1]);
  });

  it('hides questions in a cycle or on a missing or non-boolean dependency instead of looping', () => {
    const fragen = [
      frage(1, { dependsOn: 2, condition: true }),
      frage(2, { dependsOn: 1, condition: true }),
      frage(3, { dependsOn: 99, condition: true }),
      frage(4, { typ: 'SKALA' }),
      frage(5, { dependsOn: 4, condition: true }),
    ];
    expect(
      shown(fragen, [
        [1, true],
        [2, true],
        [4, 1],
      ]),
    ).toEqual([4]);
  });
});

describe('abhaengigkeitsFehler', () => {
  const eingabe = (id: number, typ: SichtbarkeitsFrage['typ'], von: number | null, wenn: boolean | null = true) => ({
    id,
    typ,
    position: id,
    abhaengigVonFrageId: von,
    abhaengigVonBedingung: von === null ? null : wenn,
  });

  it('refuses self, foreign, non-boolean, missing condition and cycles', () => {
    expect(abhaengigkeitsFehler([eingabe(1, 'WAHRHEITSWERT', 1)]).get(0)).toBe(FRAGEBOGEN_TEXTS.abhaengigSelbst);
    expect(abhaengigkeitsFehler([eingabe(1, 'FREITEXT', 7)]).get(0)).toBe(FRAGEBOGEN_TEXTS.abhaengigFremd);
    expect(abhaengigkeitsFehler([eingabe(1, 'SKALA', null), eingabe(2, 'FREITEXT', 1)]).get(1)).toBe(
      FRAGEBOGEN_TEXTS.abhaengigNurJaNein,
    );
    expect(abhaengigkeitsFehler([eingabe(1, 'WAHRHEITSWERT', null), eingabe(2, 'FREITEXT', 1, null)]).get(1)).toBe(
      FRAGEBOGEN_TEXTS.bedingungFehlt,
    );
    const zyklus = abhaengigkeitsFehler([
      eingabe(1, 'WAHRHEITSWERT', 3),
      eingabe(2, 'WAHRHEITSWERT', 1),
      eingabe(3, 'WAHRHEITSWERT', 2),
    ]);
    expect(zyklus.get(0)).toBe(FRAGEBOGEN_TEXTS.abhaengigZyklus);
  });

  it('accepts a chain of boolean questions', () => {
    expect(
      abhaengigkeitsFehler([eingabe(1, 'WAHRHEITSWERT', null), eingabe(2, 'WAHRHEITSWERT', 1), eingabe(3, 'SKALA', 2)])
        .size,
    ).toBe(0);
  });
});

describe('answers and body regions as people read them', () => {
  it('prints answers by type', () => {
    expect(antwortText('WAHRHEITSWERT', true)).toBe('Ja');
    expect(antwortText('SKALA', 4)).toBe('4/10');
    expect(antwortText('FREITEXT', '  ')).toBe('–');
  });

  it('names regions after the patient’s body: front right is the viewer’s left', () => {
    const punkt = (seite: Schmerzpunkt['seite'], x: number, y: number) => regionVon({ seite, x, y })?.name;
    expect(punkt('VORNE', 0.4, 0.75)).toBe('Knie rechts');
    expect(punkt('HINTEN', 0.4, 0.75)).toBe('Kniekehle links');
    expect(punkt('HINTEN', 0.5, 0.41)).toBe('Lendenwirbelsäule und unterer Rücken');
    expect(punkt('VORNE', 0.01, 0.01)).toBeUndefined();
  });
});
