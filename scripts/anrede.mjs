// The platform speaks to everyone with "Sie" (issue 32 item 6). This finds the visible texts that slip into "du" or
// write the reflexive "sich" with a capital letter, in the string literals and JSX text of the source files.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Pronouns of the "du" and "ihr" address; matched as whole words, in any case. */
export const DU_PRONOUNS = [
  'du',
  'dich',
  'dir',
  'dein',
  'deine',
  'deinen',
  'deinem',
  'deiner',
  'deines',
  'euch',
  'euer',
  'eure',
  'euren',
  'eurem',
  'eurer',
  'eures',
];

/**
 * Imperatives of the "du" address that a user interface says ("Bitte wähle …", "Klicke hier"). The "Sie" form is
 * another word ("Wählen Sie"), so these are flagged where an instruction starts: at the start of a text or
 * sentence, or after "bitte". Verbs whose du-imperative is also a noun or a first person ("lade" in "Lade …") are
 * left out, they would flag a status text.
 */
export const DU_IMPERATIVES = [
  'wähle',
  'wähl',
  'gib',
  'klicke',
  'klick',
  'tippe',
  'drücke',
  'gehe',
  'geh',
  'melde',
  'logge',
  'schau',
  'sieh',
  'lies',
  'nimm',
  'komm',
  'mach',
  'füge',
  'trage',
  'schreibe',
  'öffne',
  'prüfe',
  'bestätige',
  'speichere',
  'schicke',
  'sende',
  'warte',
  'versuche',
  'buche',
  'hab',
  'sei',
  'vergiss',
];

// \b knows no umlauts: a word is bounded by anything that is not a letter
const L = 'A-Za-zÄÖÜäöüß';
const word = (alternatives) => `(?<![${L}])(?:${alternatives.join('|')})(?![${L}])`;
const PRONOUN = new RegExp(word(DU_PRONOUNS), 'iu');
const IMPERATIVE = new RegExp(`(?:^|[.!?:]\\s+|(?<![${L}])bitte\\s+)${word(DU_IMPERATIVES)}`, 'iu');
// the reflexive pronoun is never capitalised inside a sentence, also not after the polite "Sie" ("loggen Sie Sich")
const CAPITAL_SICH = new RegExp(`(?<![.!?:]\\s*|^\\s*)(?<![${L}])Sich(?![${L}])`, 'u');

// enum codes (WARTE_AUF_ABOZAHLUNG) and single lower-case keys or column names ("versuche") are no visible texts
const CODE_LIKE = /^(?:[A-Z0-9_]+|[a-z0-9_]+)$/;

/** What is wrong with the address of one text: a list of German findings, empty when it is fine. */
export function anredeFehler(text) {
  const problems = [];
  if (CODE_LIKE.test(text.trim())) return problems;
  const pronoun = PRONOUN.exec(text);
  if (pronoun) problems.push(`Du-Form „${pronoun[0]}“`);
  const imperative = IMPERATIVE.exec(text);
  if (imperative) problems.push(`Du-Imperativ „${imperative[0].trim()}“`);
  if (CAPITAL_SICH.test(text)) problems.push('„Sich“ groß geschrieben mitten im Satz');
  return problems;
}

/** The texts of a TypeScript file: string literals, template literals (placeholders as "…") and JSX text. */
export function textsOf(fileName, source) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  const texts = [];
  const add = (node, text) => {
    if (text.trim()) texts.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text });
  };
  const visit = (node) => {
    // module paths are no texts
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node, node.text);
    else if (ts.isTemplateExpression(node)) {
      add(node, [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('…'));
      node.templateSpans.forEach((span) => visit(span.expression));
      return;
    } else if (ts.isJsxText(node)) add(node, node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return texts;
}

const isSource = (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts');

/** The source files below a folder (tests excluded: they plant wrong examples on purpose). */
export function sourceFiles(folder, accept = () => true) {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && isSource(entry.name) && accept(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every finding in these files, as "file:line: problem – text". */
export function anredeFunde(files, root) {
  return files.flatMap((file) =>
    textsOf(file, readFileSync(file, 'utf8')).flatMap(({ line, text }) =>
      anredeFehler(text).map((problem) => `${path.relative(root, file)}:${line}: ${problem} – ${text.trim()}`),
    ),
  );
}
