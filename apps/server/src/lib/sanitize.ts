import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'span',
    'div',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Images only from our own origin or inline: the CSP forbids third-party requests anyway.
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
  transformTags: {
    // Links that open a new tab must not hand the opener to the target.
    a: (tagName, { href, ...attribs }) => ({
      tagName,
      attribs: {
        ...attribs,
        ...(href !== undefined && harmlessUrl(href) ? { href } : {}),
        ...(attribs.target === '_blank' ? { rel: 'noopener noreferrer' } : {}),
      },
    }),
    img: (tagName, { src, ...attribs }) => ({
      tagName,
      attribs: src !== undefined && harmlessUrl(src) && harmlessImageData(src) ? { ...attribs, src } : attribs,
    }),
  },
};

/** Inline images only as raster data: an SVG image cannot run scripts either, but nothing needs it. */
const harmlessImageData = (src: string): boolean =>
  !/^\s*data:/i.test(src) || /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]*$/i.test(src);

/**
 * sanitize-html already refuses javascript:, vbscript: and data: links (also with entities or control characters
 * inside); this second look also refuses relative-looking values that still spell a script scheme (`javascript:...`
 * in backticks), so that no stored attribute contains one at all.
 */
function harmlessUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- browsers skip control characters inside a URL scheme
  const squeezed = value.replace(/[\s\u0000-\u001f`'"]/g, '').toLowerCase();
  return !/(javascript|vbscript|livescript):/.test(squeezed);
}

/** Stored rich text reduced to the tags a content page may use: no scripts, styles, handlers or frames. */
export const sanitizeRichText = (html: string): string =>
  // NUL cannot be stored in PostgreSQL text and means nothing in HTML (parsers drop or replace it)
  sanitizeHtml(html.replaceAll('\u0000', ''), OPTIONS);
