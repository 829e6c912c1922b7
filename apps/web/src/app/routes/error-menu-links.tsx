import { resolveNavigationLink, type NavigationNode } from '@dihs/contract/navigation';
import Link from '@mui/material/Link';
import { NavigationAnchor } from '../shell/navigation/navigation-anchor.tsx';
import { useNavigationTree } from '../shell/navigation/navigation-api.ts';

function MenuLinks({ nodes }: { nodes: readonly NavigationNode[] }) {
  return (
    <ul>
      {nodes.map((node) =>
        node.type === 'menue' ? (
          <li key={node.id}>
            {node.titel}
            <MenuLinks nodes={node.kinder ?? []} />
          </li>
        ) : node.urlDto ? (
          <li key={node.id}>
            <Link component={NavigationAnchor} {...resolveNavigationLink(node.urlDto)}>
              {node.titel}
            </Link>
          </li>
        ) : null,
      )}
    </ul>
  );
}

/** The viewer's server menu as a plain list of links, folded out (the error page's "Seiten im Menü"). */
export function ErrorMenuLinks() {
  const nodes = useNavigationTree();
  return nodes.length > 0 ? <MenuLinks nodes={nodes} /> : null;
}
