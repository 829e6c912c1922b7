import { lazy, type LazyExoticComponent, type ReactNode } from 'react';

type Page<P> = (props: P) => ReactNode;

/** A lazy page whose code can be asked for before it renders. */
export interface PreloadablePage {
  preload: () => Promise<unknown>;
}

/** React.lazy for a module's named export, so page modules need no default export. */
export function lazyPage<P extends object, K extends string>(
  load: () => Promise<{ [key in K]: Page<P> }>,
  name: K,
): LazyExoticComponent<Page<P>> & PreloadablePage {
  // the browser loads a module once: a preload and the render's own import share the request
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] })),
    { preload: load },
  );
}
