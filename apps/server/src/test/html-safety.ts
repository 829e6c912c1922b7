import { readFileSync } from 'node:fs';

/** The XSS corpus: payloads that set window.__xss or open a dialog when any part of them runs. */
export const XSS_VECTORS: string[] = JSON.parse(
  readFileSync(new URL('./xss-vectors.fixture.json', import.meta.url), 'utf8'),
) as string[];

const ALLOWED_TAGS = new Set(
  'h1 h2 h3 h4 h5 h6 p br hr strong b em i u s sub sup blockquote code pre ul ol li a img span div table thead tbody tr th td figure figcaption'.split(
    ' ',
  ),
);

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  colon: ':',
  tab: '\t',
  newline: '\n',
};

/** Attribute values as the browser reads them: numeric and the relevant named entities decoded. */
const decodeEntities = (value: string): string =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#([0-9]+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&([a-z]+);/gi, (entity, name: string) => NAMED[name.toLowerCase()] ?? entity);

/**
 * What in an HTML string (as sanitize-html writes it: text escaped, so every `<` opens a real tag) could run a
 * script: a tag outside the allow-list (script, svg, iframe, ...), an event handler or style attribute, or a URL
 * that spells javascript:, vbscript: or data:text. Empty when the HTML is safe.
 */
export function unsafeHtmlFindings(html: string): string[] {
  const findings: string[] = [];
  for (const [tag] of html.matchAll(/<[^>]*>/g)) {
    const name = /^<\/?\s*([a-z0-9-]+)/i.exec(tag)?.[1]?.toLowerCase();
    if (!name || !ALLOWED_TAGS.has(name)) findings.push(`Tag ${tag}`);
    for (const [, attr = '', v1, v2, v3] of tag.matchAll(
      /\s([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g,
    )) {
      const attribute = attr.toLowerCase();
      const value = decodeEntities(v1 ?? v2 ?? v3 ?? '')
        // eslint-disable-next-line no-control-regex -- browsers skip control characters inside a URL scheme
        .replace(/[\s\u0000-\u001f]/g, '')
        .toLowerCase();
      if (attribute.startsWith('on') || attribute === 'style' || attribute === 'srcdoc' || attribute === 'formaction') {
        findings.push(`Attribut ${attr} in ${tag}`);
      }
      if (/(javascript|vbscript|livescript):|^data:(text|application|image\/svg)/.test(value)) {
        findings.push(`URL ${value} in ${tag}`);
      }
    }
  }
  return findings;
}
