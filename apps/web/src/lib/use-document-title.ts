import { useEffect, useLayoutEffect } from 'react';

const PRODUCT_NAME = 'DiHS Teletherapie';

export const documentTitle = (title: string): string => (title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME);

/** The route's title; a layout effect so that a page's own title (useDocumentTitle, a passive effect) wins. */
export function useRouteTitle(title: string): void {
  useLayoutEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/** A page title known only later (a loaded content page); overrides the route's title. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = documentTitle(title);
  }, [title]);
}
