import { describe, expect, it } from 'vitest';
import { ANAMNESE_LABELS, anamneseAbschnitte, LEERE_ANAMNESE, type AnamneseAngaben } from './anamnese.ts';

const zeile = (angaben: AnamneseAngaben, label: string) =>
  anamneseAbschnitte(angaben)
    .flatMap((abschnitt) => abschnitt.zeilen)
    .find(([l]) => l === label)?.[1];

describe('the anamnesis sections of the summary and the PDF', () => {
  it('shows every labelled answer but the body image once, and an empty form as "–"', () => {
    const abschnitte = anamneseAbschnitte(LEERE_ANAMNESE);
    expect(abschnitte.map((a) => a.titel)).toEqual([
      'Körperdaten',
      'Beruf und Freizeit',
      'Ansprechpartner der Berufsgenossenschaft',
      'Krankengeschichte',
      'Alltag und Beruf',
      'Schmerzen',
    ]);
    const labels = abschnitte.flatMap((a) => a.zeilen.map(([label]) => label));
    const { woSchmerzen, ...gezeigt } = ANAMNESE_LABELS;
    expect(labels.filter((label) => label !== 'Schmerzart').sort()).toEqual(Object.values(gezeigt).sort());
    expect(labels).not.toContain(woSchmerzen);
    expect(new Set(abschnitte.flatMap((a) => a.zeilen.map(([, wert]) => wert)))).toEqual(new Set(['–']));
  });

  it('writes codes, sliders, days and the kinds of pain as text', () => {
    const angaben: AnamneseAngaben = {
      ...LEERE_ANAMNESE,
      groesse: 182,
      sportart2: 'Schwimmen',
      sportart2antwort: 1,
      sportart3: 'Laufen',
      opDatum: '2026-03-09',
      psychischBeeintraechtigt: 7,
      schmerzen: 0,
      seitWannSchmerzen: 3,
      schmerzArt2: true,
      schmerzArt9: true,
      beruf: '',
    };
    expect(zeile(angaben, 'Größe (cm)')).toBe('182');
    expect(zeile(angaben, 'Sportart 2')).toBe('Schwimmen (häufig)');
    expect(zeile(angaben, 'Sportart 3')).toBe('Laufen (–)');
    expect(zeile(angaben, 'Operationsdatum')).toBe('09.03.2026');
    expect(zeile(angaben, 'Psychische Belastung')).toBe('7/10');
    expect(zeile(angaben, 'Haben Sie Schmerzen?')).toBe('Ja');
    expect(zeile(angaben, 'Seit wann haben Sie Schmerzen?')).toBe('Jahre');
    expect(zeile(angaben, 'Schmerzart')).toBe('stechend, dumpf');
    expect(zeile(angaben, 'Beruf')).toBe('–');
  });
});
