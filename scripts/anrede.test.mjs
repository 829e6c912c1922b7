import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anredeFehler, anredeFunde, sourceFiles, textsOf } from './anrede.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the address check', () => {
  it('finds du-forms, du-imperatives and a capital "Sich" in planted texts', () => {
    expect(anredeFehler('Bitte wähle ein neues Passwort')).toEqual(['Du-Imperativ „Bitte wähle“']);
    expect(anredeFehler('Klicke hier, um dein Konto zu sehen.')).toEqual(['Du-Form „dein“', 'Du-Imperativ „Klicke“']);
    expect(anredeFehler('Wir schicken dir eine E-Mail.')).toEqual(['Du-Form „dir“']);
    expect(anredeFehler('Hast du Schmerzen?')).toEqual(['Du-Form „du“']);
    expect(anredeFehler('Euer Termin beginnt gleich. Gib uns Bescheid.')).toEqual([
      'Du-Form „Euer“',
      'Du-Imperativ „. Gib“',
    ]);
    expect(anredeFehler('Ihr Login ist abgelaufen, bitte loggen Sie Sich erneut ein.')).toEqual([
      '„Sich“ groß geschrieben mitten im Satz',
    ]);
    expect(anredeFehler('Sie können Sich nun anmelden.')).toEqual(['„Sich“ groß geschrieben mitten im Satz']);
  });

  it('leaves the polite forms, words that only contain a pronoun, and a sentence that starts with "Sich" alone', () => {
    for (const fine of [
      'Bitte wählen Sie ein neues Passwort',
      'Ihr Login ist abgelaufen, bitte loggen Sie sich erneut ein.',
      'Die Dauer beträgt 20 Minuten; Dirk, Eureka und Dudelsack sind Wörter.',
      'WARTE_AUF_ABOZAHLUNG',
      'Deinstallieren Sie die App. Sich zu bewegen hilft.',
      'Geben Sie Ihre Adresse ein: Sich anmelden geht danach.',
      'Lade Daten …',
    ]) {
      expect(anredeFehler(fine), fine).toEqual([]);
    }
  });

  it('reads string literals, template texts and JSX text, not module paths', () => {
    const source = [
      "import { x } from './du.ts';",
      "const a = 'Bitte wähle';",
      'const b = `Hallo ${name}, gib acht`;',
      'const c = <p>Wähle aus</p>;',
    ].join('\n');
    expect(textsOf('beispiel.tsx', source)).toEqual([
      { line: 2, text: 'Bitte wähle' },
      { line: 3, text: 'Hallo …, gib acht' },
      { line: 4, text: 'Wähle aus' },
    ]);
  });

  // parsing some 600 files takes seconds on a busy machine
  it("finds nothing in the contract's and the web's texts, nor in the server's mail texts", { timeout: 60_000 }, () => {
    const files = [
      ...sourceFiles(path.join(ROOT, 'packages/contract/src')),
      ...sourceFiles(path.join(ROOT, 'apps/web/src')),
      ...sourceFiles(path.join(ROOT, 'apps/server/src/modules'), (name) => name.includes('mail')),
    ];
    expect(files.length).toBeGreaterThan(300);
    expect(files.some((file) => file.endsWith('mail-texts.ts'))).toBe(true);
    expect(anredeFunde(files, ROOT)).toEqual([]);
  });
});
