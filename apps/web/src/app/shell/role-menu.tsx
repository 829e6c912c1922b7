import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router';
import { DropdownMenuButton } from './dropdown-menu-button.tsx';
import type { RoleMenu as RoleMenuData } from './role-menus.ts';

/** The Betreiber or Therapeut menu of the top bar (spec 1, section 6). */
export function RoleMenu({ menu }: { menu: RoleMenuData }) {
  return (
    <DropdownMenuButton label={menu.label}>
      {menu.entries.map((entry) => (
        <MenuItem key={entry.label} component={RouterLink} to={entry.path}>
          {entry.label}
        </MenuItem>
      ))}
    </DropdownMenuButton>
  );
}
