import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BASIS_INFO, PitrFehler, parseZeitpunkt, pruefeZeitpunkt, wiederherstellungVorbereiten } from './pitr.mjs';

// What PostgreSQL 15's pg_basebackup writes; the drill (scripts/pitr-drill.mjs) runs the real programs.
const LABEL = `START WAL LOCATION: 0/2000028 (file 000000010000000000000002)
CHECKPOINT LOCATION: 0/2000060
BACKUP METHOD: streamed
BACKUP FROM: primary
START TIME: 2026-11-28 07:50:00 UTC
LABEL: dihs
START TIMELINE: 1
`;

const dir = mkdtempSync(path.join(tmpdir(), 'dihs-pitr-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function basis(name, info = { start: '2026-11-28T07:50:00.000Z', ende: '2026-11-28T07:50:02.000Z' }) {
  const folder = path.join(dir, name);
  mkdirSync(folder);
  writeFileSync(path.join(folder, 'backup_label'), LABEL);
  if (info) writeFileSync(path.join(folder, BASIS_INFO), JSON.stringify(info));
  return folder;
}

const fehler = (fn) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PitrFehler);
    return error.message;
  }
  throw new Error('keine Ablehnung');
};

describe('parseZeitpunkt', () => {
  it('reads ISO times with a zone', () => {
    expect(parseZeitpunkt('2026-11-28T09:15:00+01:00').toISOString()).toBe('2026-11-28T08:15:00.000Z');
    expect(parseZeitpunkt('2026-11-28 08:15:00.5Z').toISOString()).toBe('2026-11-28T08:15:00.500Z');
    expect(parseZeitpunkt('2026-11-28T09:15+01').toISOString()).toBe('2026-11-28T08:15:00.000Z');
  });

  it('refuses a time without zone and nonsense in German', () => {
    for (const text of ['2026-11-28T09:15:00', 'gestern', '', '2026-13-45T99:99:99Z']) {
      expect(fehler(() => parseZeitpunkt(text))).toMatch(/^Ungültiger Zeitpunkt .*mit Zeitzone/);
    }
  });
});

describe('pruefeZeitpunkt', () => {
  const jetzt = new Date('2026-11-28T12:00:00Z');

  it('refuses a point before the end of the base backup, naming both times in Berlin time', () => {
    const folder = basis('vor-ende');
    const message = fehler(() => pruefeZeitpunkt(folder, new Date('2026-11-28T07:50:01Z'), jetzt));
    expect(message).toContain('liegt vor dem Ende der Basissicherung');
    expect(message).toContain('28.11.2026, 08:50:02');
    expect(message).toContain('ältere Basissicherung');
  });

  it('without our record checks against the start in backup_label', () => {
    const folder = basis('ohne-info', null);
    expect(fehler(() => pruefeZeitpunkt(folder, new Date('2026-11-28T07:49:59Z'), jetzt))).toContain(
      'liegt vor dem Beginn der Basissicherung',
    );
    expect(pruefeZeitpunkt(folder, new Date('2026-11-28T07:50:01Z'), jetzt).startWal).toBe('000000010000000000000002');
  });

  it('refuses the future and a folder that is no base backup', () => {
    expect(fehler(() => pruefeZeitpunkt(basis('zukunft'), new Date('2026-11-28T13:00:00Z'), jetzt))).toContain(
      'in der Zukunft',
    );
    mkdirSync(path.join(dir, 'leer'));
    expect(fehler(() => pruefeZeitpunkt(path.join(dir, 'leer'), jetzt, jetzt))).toContain('backup_label fehlt');
  });

  it('accepts a point after the end', () => {
    expect(pruefeZeitpunkt(basis('gut'), new Date('2026-11-28T07:50:02Z'), jetzt).ende?.toISOString()).toBe(
      '2026-11-28T07:50:02.000Z',
    );
  });
});

describe('wiederherstellungVorbereiten', () => {
  // in the past of any clock that runs the test
  const zeit = new Date('2020-01-02T00:00:00Z');

  it('refuses a missing archive, an archive without the WAL from the backup on, an existing target', () => {
    const folder = basis('archiv-fall', { start: '2020-01-01T00:00:00Z', ende: '2020-01-01T00:00:02Z' });
    const ziel = path.join(dir, 'ziel-neu');
    const archiv = path.join(dir, 'archiv-alt');
    expect(fehler(() => wiederherstellungVorbereiten({ basis: folder, archiv, zeit, ziel }))).toContain('WAL-Archiv');
    mkdirSync(archiv);
    writeFileSync(path.join(archiv, '000000010000000000000001'), '');
    expect(fehler(() => wiederherstellungVorbereiten({ basis: folder, archiv, zeit, ziel }))).toContain(
      'fehlen die WAL-Dateien ab 000000010000000000000002',
    );
    writeFileSync(path.join(archiv, '000000010000000000000003'), '');
    mkdirSync(ziel);
    expect(fehler(() => wiederherstellungVorbereiten({ basis: folder, archiv, zeit, ziel }))).toContain(
      'gibt es schon',
    );
  });
});
