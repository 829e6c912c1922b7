import { INHALT_LIMITS, pageTitelRule } from '@dihs/contract/inhalt';
import { resolveNavigationLink, type NavigationNode } from '@dihs/contract/navigation';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { z } from 'zod';
import { ButtonLink } from '../../../components/button-link.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { canMove, deleteRefusal, parentOptions, type Located, type NodeId } from '../tree-edit.ts';
import { nodeDescription } from './node-description.ts';

interface NodeOptionsProps {
  tree: readonly NavigationNode[];
  /** The tree as loaded from the server. */
  loaded: readonly NavigationNode[];
  found: Located;
  /** Unsaved changes: leaving for the page would lose them. */
  dirty: boolean;
  onRename: (titel: string) => void;
  onMove: (delta: -1 | 1) => void;
  onChangeParent: (parentId: NodeId | null) => void;
  onDelete: () => void;
}

const titelFormSchema = z.object({ titel: pageTitelRule });

/** The node's title in the menu; the tree holds it, the form says what is wrong with it. Key it by the node. */
function TitelField({ titel, onRename }: { titel: string; onRename: (titel: string) => void }) {
  const { control } = useContractForm(titelFormSchema, { titel });
  return (
    <FormTextField
      control={control}
      name="titel"
      label="Titel im Menü"
      max={INHALT_LIMITS.titel}
      onValueChange={onRename}
    />
  );
}

/** The value of the top level in the parent select. */
const TOP = 'oberste-ebene';

/** The options of the selected node (spec 3 "Navigation editor"). */
export function NodeOptions({
  tree,
  loaded,
  found,
  dirty,
  onRename,
  onMove,
  onChangeParent,
  onDelete,
}: NodeOptionsProps) {
  const parentLabelId = useId();
  const { node } = found;
  const refusal = deleteRefusal(tree, node.id, loaded);
  const options = parentOptions(tree, node.id);
  const currentParent = found.parent?.id ?? null;
  const link = node.urlDto ? resolveNavigationLink(node.urlDto) : null;
  const isPage = node.type === 'eintrag' && node.urlDto?.urlType === 'SEITE';

  return (
    <Stack spacing={2} aria-label={`Optionen für ${node.titel}`} component="section">
      <Box>
        <Typography variant="h3" component="h2">
          {node.titel || '(ohne Titel)'}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {nodeDescription(node)} · Ebene {found.depth}
        </Typography>
      </Box>
      <TitelField key={node.id} titel={node.titel} onRename={onRename} />
      {isPage && link && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="outlined"
            href={link.href}
            target="_blank"
            rel="noopener"
            endIcon={<OpenInNewIcon />}
            disabled={node.toCreate}
          >
            Seite ansehen
          </Button>
          <ButtonLink variant="outlined" to={link.href} disabled={node.toCreate || dirty}>
            Zur Seite wechseln
          </ButtonLink>
        </Box>
      )}
      {isPage && (node.toCreate || dirty) && (
        <FormHelperText sx={{ mt: -1 }}>
          {node.toCreate
            ? 'Die Seite entsteht beim Speichern.'
            : 'Zum Wechseln erst speichern oder abbrechen: ungespeicherte Änderungen gingen sonst verloren.'}
        </FormHelperText>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<ArrowUpwardIcon />}
          disabled={!canMove(tree, node.id, -1)}
          onClick={() => onMove(-1)}
        >
          Nach oben
        </Button>
        <Button
          variant="outlined"
          startIcon={<ArrowDownwardIcon />}
          disabled={!canMove(tree, node.id, 1)}
          onClick={() => onMove(1)}
        >
          Nach unten
        </Button>
      </Box>
      <FormControl fullWidth>
        <InputLabel id={parentLabelId}>Übergeordnetes Menü</InputLabel>
        <Select
          labelId={parentLabelId}
          label="Übergeordnetes Menü"
          value={currentParent === null ? TOP : String(currentParent)}
          onChange={(event) => {
            const option = options.find((o) => (o.id === null ? TOP : String(o.id)) === event.target.value);
            if (option) onChangeParent(option.id);
          }}
        >
          {options.map((option) => (
            <MenuItem
              key={option.id ?? TOP}
              value={option.id === null ? TOP : String(option.id)}
              sx={{ pl: 2 + option.depth * 2 }}
            >
              {option.titel}
            </MenuItem>
          ))}
        </Select>
        <FormHelperText>Nur Menüs, in denen das Menü höchstens drei Ebenen tief bleibt.</FormHelperText>
      </FormControl>
      <Box>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteOutlinedIcon />}
          disabled={refusal !== null}
          onClick={onDelete}
        >
          {node.type === 'menue' ? 'Menü löschen' : isPage ? 'Seite löschen' : 'Eintrag löschen'}
        </Button>
        <FormHelperText>
          {refusal ??
            (node.type === 'menue'
              ? 'Die Einträge des Menüs rücken in das übergeordnete Menü.'
              : isPage
                ? 'Gelöscht wird erst beim Speichern; danach wählen Sie Papierkorb oder endgültiges Löschen.'
                : 'Der Eintrag verschwindet beim Speichern aus dem Menü.')}
        </FormHelperText>
      </Box>
    </Stack>
  );
}
