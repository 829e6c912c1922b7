import { lazy, type LazyExoticComponent, type ReactNode } from 'react';

type Page<P> = (props: P) => ReactNode;

/** A lazy page that can be fetched before it renders (the entry starts the chunk of the address it opens on). */
export type LazyPage<P> = LazyExoticComponent<Page<P>> & { preload: () => Promise<unknown> };

/** React.lazy for a module's named export, so page modules need no default export. */
export function lazyPage<P extends object, K extends string>(
  load: () => Promise<{ [key in K]: Page<P> }>,
  name: K,
): LazyPage<P> {
  // one request, whether the entry's preload or React's render asks first
  let loading: Promise<{ [key in K]: Page<P> }> | undefined;
  const once = () =>
    (loading ??= load().catch((error: unknown) => {
      // a lost chunk is asked for again on the next try instead of failing for good
      loading = undefined;
      throw error;
    }));
  return Object.assign(
    lazy(async () => ({ default: (await once())[name] })),
    { preload: () => once().catch(() => undefined) },
  );
}
