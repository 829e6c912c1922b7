import type { Plugin } from 'vite';

/** Above this size a stylesheet is better cached as a file than repeated in every HTML answer. */
const MAX_INLINE_BYTES = 4096;

/**
 * The entry's stylesheet, written into index.html instead of linked. It holds only the @font-face rules of
 * src/app/fonts.ts (about 1 KB); as a file it blocked the first paint for a round trip of its own (150 ms in
 * Lighthouse's mobile preset). The CSP allows inline styles (MUI's emotion needs them).
 */
export function inlineEntryStylesheet(): Plugin {
  return {
    name: 'dihs-inline-entry-stylesheet',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = context.bundle?.[file];
          if (asset?.type !== 'asset' || typeof asset.source !== 'string') return tag;
          if (Buffer.byteLength(asset.source) > MAX_INLINE_BYTES) return tag;
          return `<style>${asset.source}</style>`;
        });
      },
    },
  };
}
