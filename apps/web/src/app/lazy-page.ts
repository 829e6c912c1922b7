import { lazy, type LazyExoticComponent, type ReactNode } from 'react';

type Page<P> = (props: P) => ReactNode;

/** React.lazy for a module's named export, so page modules need no default export. */
export function lazyPage<P extends object, K extends string>(
  load: () => Promise<{ [key in K]: Page<P> }>,
  name: K,
): LazyExoticComponent<Page<P>> {
  return lazy(async () => ({ default: (await load())[name] }));
}
