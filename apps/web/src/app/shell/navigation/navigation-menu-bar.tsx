import { resolveNavigationLink, type NavigationNode } from '@dihs/contract/navigation';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import type { ReactElement } from 'react';
import { DropdownMenuButton } from '../dropdown-menu-button.tsx';
import { NavigationAnchor } from './navigation-anchor.tsx';
import { NAVIGATION_LABEL } from './navigation-label.ts';

/** The items of a dropdown: entries, and each sub-menu as a heading over its (indented) entries. */
function dropdownItems(nodes: readonly NavigationNode[], indent = 0): ReactElement[] {
  return nodes.flatMap((node) => {
    if (node.type === 'menue') {
      return [
        <ListSubheader key={`menue-${node.id}`} sx={{ lineHeight: 2.5, pl: 2 + indent * 2 }}>
          {node.titel}
        </ListSubheader>,
        ...dropdownItems(node.kinder ?? [], indent + 1),
      ];
    }
    return node.urlDto
      ? [
          <MenuItem
            key={node.id}
            component={NavigationAnchor}
            {...resolveNavigationLink(node.urlDto)}
            sx={{ pl: 2 + indent * 2 }}
          >
            {node.titel}
          </MenuItem>,
        ]
      : [];
  });
}

/** The server's menu in the top bar on wide screens: entries as links, menus as dropdowns. */
export function NavigationMenuBar({ nodes }: { nodes: readonly NavigationNode[] }) {
  return (
    <Box component="nav" aria-label={NAVIGATION_LABEL} sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}>
      {nodes.map((node) =>
        node.type === 'menue' ? (
          <DropdownMenuButton key={node.id} label={node.titel}>
            {dropdownItems(node.kinder ?? [])}
          </DropdownMenuButton>
        ) : node.urlDto ? (
          <Button
            key={node.id}
            color="inherit"
            nativeButton={false}
            component={NavigationAnchor}
            {...resolveNavigationLink(node.urlDto)}
          >
            {node.titel}
          </Button>
        ) : null,
      )}
    </Box>
  );
}
