import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import type { AnchorHTMLAttributes, Ref } from 'react';
import { Link as RouterLink } from 'react-router';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';

export interface NavigationAnchorProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target'> {
  /** From resolveNavigationLink; spread its result: `{...resolveNavigationLink(urlDto)}`. */
  href: string;
  external: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * The link of a navigation entry (spec 1, section 2.3): an app route through the router, an external
 * address in a new tab without access to this window. Used as `component` of MUI buttons and items,
 * which see the `href` and therefore keep the link role.
 */
export function NavigationAnchor({ href, external, children, ...anchorProps }: NavigationAnchorProps) {
  if (!external) {
    return (
      <RouterLink {...anchorProps} to={href}>
        {children}
      </RouterLink>
    );
  }
  return (
    <a {...anchorProps} href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <OpenInNewIcon fontSize="inherit" aria-hidden sx={{ ml: 0.5 }} />
      <VisuallyHidden> (öffnet in neuem Tab)</VisuallyHidden>
    </a>
  );
}
