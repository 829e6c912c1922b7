import { resolveNavigationLink, type NavigationNode } from '@dihs/contract/navigation';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useId, useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { NAVIGATION_LABEL } from './navigation-label.ts';
import { NavigationAnchor } from './navigation-anchor.tsx';

const indent = (depth: number) => ({ pl: 2 + depth * 2 });

/** A menu of the tree: a button that folds its entries in and out. */
function NavigationGroup({ node, depth }: { node: NavigationNode; depth: number }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <li>
      <ListItemButton
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        sx={indent(depth)}
      >
        <ListItemText primary={node.titel} slotProps={{ primary: { sx: { fontWeight: 500 } } }} />
        {open ? <ExpandLessIcon aria-hidden /> : <ExpandMoreIcon aria-hidden />}
      </ListItemButton>
      <Collapse in={open} id={listId} unmountOnExit>
        <NavigationList nodes={node.kinder ?? []} depth={depth + 1} />
      </Collapse>
    </li>
  );
}

function NavigationList({ nodes, depth }: { nodes: readonly NavigationNode[]; depth: number }) {
  return (
    <List disablePadding>
      {nodes.map((node) =>
        node.type === 'menue' ? (
          <NavigationGroup key={node.id} node={node} depth={depth} />
        ) : node.urlDto ? (
          <li key={node.id}>
            <ListItemButton component={NavigationAnchor} {...resolveNavigationLink(node.urlDto)} sx={indent(depth)}>
              <ListItemText primary={node.titel} />
            </ListItemButton>
          </li>
        ) : null,
      )}
    </List>
  );
}

interface NavigationDrawerProps {
  nodes: readonly NavigationNode[];
  open: boolean;
  onClose: () => void;
}

/** The server's menu on small screens, behind the burger button; following a link closes it. */
export function NavigationDrawer({ nodes, open, onClose }: NavigationDrawerProps) {
  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) onClose();
  };
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 300, maxWidth: '85vw' } } }}>
      <nav aria-label={NAVIGATION_LABEL} onClick={closeOnLink}>
        <List disablePadding>
          <li>
            <ListItemButton component={RouterLink} to="/">
              <ListItemText primary="Startseite" />
            </ListItemButton>
          </li>
        </List>
        <NavigationList nodes={nodes} depth={0} />
      </nav>
    </Drawer>
  );
}
