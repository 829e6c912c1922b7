import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

const ACTIONS = {
  edit: { tooltip: 'Bearbeiten', icon: <EditIcon />, color: 'default' },
  delete: { tooltip: 'Löschen', icon: <DeleteIcon />, color: 'error' },
} as const;

interface RowActionButtonProps {
  action: keyof typeof ACTIONS;
  /** Names the row for screen readers, e.g. "Firma „Demo GmbH“ löschen". */
  label: string;
  onClick: () => void;
}

/** The edit or delete icon button of a table row, with its tooltip. */
export function RowActionButton({ action, label, onClick }: RowActionButtonProps) {
  const { tooltip, icon, color } = ACTIONS[action];
  return (
    <Tooltip title={tooltip}>
      <IconButton aria-label={label} color={color} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
