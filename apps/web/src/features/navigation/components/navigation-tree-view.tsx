import type { NavigationNode } from '@dihs/contract/navigation';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import LinkIcon from '@mui/icons-material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { NodeId } from '../tree-edit.ts';
import { nodeDescription } from './node-description.ts';

interface NavigationTreeViewProps {
  nodes: readonly NavigationNode[];
  selected: NodeId | null;
  onSelect: (id: NodeId) => void;
  label: string;
  depth?: number;
}

/**
 * The menu tree as nested lists of buttons: every node is reachable with Tab and chosen with Enter or Space; the
 * chosen one is marked for screen readers with aria-current.
 */
export function NavigationTreeView({ nodes, selected, onSelect, label, depth = 1 }: NavigationTreeViewProps) {
  return (
    <List dense disablePadding aria-label={label} sx={{ pl: depth > 1 ? 2.5 : 0 }}>
      {nodes.map((node) => {
        const isSelected = node.id === selected;
        const Icon =
          node.type === 'menue'
            ? FolderOutlinedIcon
            : node.urlDto?.urlType === 'SEITE'
              ? ArticleOutlinedIcon
              : LinkIcon;
        return (
          <ListItem key={node.id} disablePadding sx={{ display: 'block' }}>
            <ListItemButton
              selected={isSelected}
              aria-current={isSelected ? 'true' : undefined}
              onClick={() => onSelect(node.id)}
              sx={{ borderRadius: 1 }}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={node.titel}
                secondary={nodeDescription(node)}
                slotProps={{ primary: { sx: { fontWeight: node.type === 'menue' ? 600 : 400 } } }}
              />
            </ListItemButton>
            {node.type === 'menue' && (node.kinder ?? []).length > 0 && (
              <NavigationTreeView
                nodes={node.kinder ?? []}
                selected={selected}
                onSelect={onSelect}
                label={`Einträge von ${node.titel}`}
                depth={depth + 1}
              />
            )}
          </ListItem>
        );
      })}
    </List>
  );
}
