import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import { useId, useState, type ReactNode } from 'react';

interface DropdownMenuButtonProps {
  label: string;
  /** MenuItem and ListSubheader elements (no fragments: MUI's Menu needs its items as direct children). */
  children: ReactNode;
}

/** A top-bar button that opens a menu; any click inside the menu closes it. */
export function DropdownMenuButton({ label, children }: DropdownMenuButtonProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="true"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        onClick={close}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {children}
      </Menu>
    </>
  );
}
