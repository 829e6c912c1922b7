import { generateFontFace, getMetricsForFamily } from 'fontaine';
import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * Local faces metric-compatible with Arial (same advance widths and vertical metrics): Arial on Windows and macOS,
 * Liberation Sans and Arimo on Linux (Debian's fonts-liberation). Chromium's local() matches full font names, not
 * fontconfig aliases, so each is named.
 */
const REGULAR = ['Arial', 'ArialMT', 'Liberation Sans', 'Arimo'];
const BOLD = ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'Arimo Bold'];
const localSrc = (names: readonly string[]) => names.map((name) => `local(${JSON.stringify(name)})`).join(', ');

export interface SelfHostedFont {
  /** the family as the theme names it, e.g. "Roboto" */
  family: string;
  /** the weights the app loads (src/app/fonts.ts) */
  weights: readonly number[];
  /** the weights shown above the fold on the first page: their latin woff2 files are preloaded */
  preload: readonly number[];
  /** how @fontsource names the files, e.g. "roboto-latin" for roboto-latin-400-normal-<hash>.woff2 */
  filePrefix: string;
}

/**
 * Layout stability while the self-hosted fonts load (font-display: swap): a fallback family "<family> fallback"
 * per web font, a local Arial-compatible face scaled with size-adjust and ascent/descent overrides to the web font's
 * metrics (fontaine computes them from the capsize metrics), inlined into index.html so it exists before any
 * stylesheet; the theme names it right after the web font. The build also preloads the fonts seen above the fold,
 * so they arrive with the first stylesheet instead of after the script has rendered text.
 */
export function selfHostedFonts(fonts: readonly SelfHostedFont[]): Plugin {
  let fallbackCss: string | undefined;
  async function fallbacks(): Promise<string> {
    if (fallbackCss !== undefined) return fallbackCss;
    const arial = await getMetricsForFamily('Arial');
    const faces: string[] = [];
    for (const { family, weights } of fonts) {
      const metrics = await getMetricsForFamily(family);
      if (!metrics || !arial) throw new Error(`Keine Schriftmetrik für ${family} oder Arial`);
      for (const weight of weights) {
        faces.push(
          generateFontFace(metrics, {
            name: `${family} fallback`,
            font: 'Arial',
            metrics: arial,
            // Arial has no medium: 500 falls back to the regular face as it would without this rule
            src: localSrc(weight >= 600 ? BOLD : REGULAR),
            'font-weight': String(weight),
          }),
        );
      }
    }
    fallbackCss = faces.join('');
    return fallbackCss;
  }

  return {
    name: 'dihs-self-hosted-fonts',
    async transformIndexHtml(_html, context) {
      const tags: HtmlTagDescriptor[] = [{ tag: 'style', children: await fallbacks(), injectTo: 'head' }];
      // the dev server has no bundle and serves the fonts from node_modules: nothing to preload there
      if (!context.bundle) return tags;
      const files = Object.keys(context.bundle);
      for (const { filePrefix, preload } of fonts) {
        for (const weight of preload) {
          const file = files.find(
            (name) => name.includes(`/${filePrefix}-${weight}-normal-`) && name.endsWith('.woff2'),
          );
          if (!file) throw new Error(`Schriftdatei ${filePrefix}-${weight} fehlt im Build`);
          tags.push({
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
            injectTo: 'head',
          });
        }
      }
      return tags;
    },
  };
}
