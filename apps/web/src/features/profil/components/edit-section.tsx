import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { SaveDialog } from '../../../components/save-dialog.tsx';
import { useSaveNotice } from '../../../components/save-notice.tsx';
import { useSaveFailure } from '../../../components/save-failure.tsx';

export interface EditSectionProps {
  /** The field's name, shown above it and used in the buttons' accessible names. */
  label: string;
  /** The saved value, shown outside edit mode. */
  view: ReactNode;
  /** The inputs of edit mode (controlled by the caller). */
  editor: ReactNode;
  editable: boolean;
  /** Why editing is not possible (a tooltip on the disabled button); without it no button shows. */
  lockedReason?: string | undefined;
  valid: boolean;
  dirty: boolean;
  /** Prepares the drafts from the saved value. */
  onStartEdit: () => void;
  onSave: () => Promise<unknown>;
  /** Throws the drafts away. */
  onDiscard: () => void;
}

/**
 * The spec's edit pattern (spec 1, section 2.6): an edit button, then a save button, then the dialog
 * "Änderungen Speichern?" with Speichern, Verwerfen and Zurück. A failed save keeps the drafts and says so.
 */
export function EditSection(props: EditSectionProps) {
  const { label, view, editor, editable, lockedReason, valid, dirty, onStartEdit, onSave, onDiscard } = props;
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const { fail, dialog } = useSaveFailure();
  const notify = useSaveNotice();
  const labelId = useId();

  const startEdit = () => {
    onStartEdit();
    setEditing(true);
  };
  const requestSave = () => {
    if (dirty) setConfirming(true);
    else setEditing(false);
  };
  const save = async () => {
    setPending(true);
    try {
      await onSave();
      setConfirming(false);
      setEditing(false);
      notify({ text: `„${label}“ wurde gespeichert.` });
    } catch (error) {
      setConfirming(false);
      fail(error);
    } finally {
      setPending(false);
    }
  };
  const discard = () => {
    onDiscard();
    setConfirming(false);
    setEditing(false);
  };

  let action: ReactNode = null;
  if (editing) {
    action = (
      <Button
        size="small"
        variant="contained"
        onClick={requestSave}
        disabled={!valid}
        aria-label={`${label} speichern`}
      >
        speichern
      </Button>
    );
  } else if (editable) {
    action = (
      <Button size="small" onClick={startEdit} aria-label={`${label} bearbeiten`}>
        bearbeiten
      </Button>
    );
  } else if (lockedReason) {
    action = (
      <Tooltip title={lockedReason}>
        {/* a disabled button gets no pointer events: the span carries the tooltip */}
        <span tabIndex={0} aria-label={`${label} bearbeiten: ${lockedReason}`}>
          <Button size="small" disabled>
            bearbeiten
          </Button>
        </span>
      </Tooltip>
    );
  }

  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      sx={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 1, alignItems: 'start', py: 1.5 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography id={labelId} variant="subtitle2" color="text.secondary" component="h3">
          {label}
        </Typography>
        {editing ? editor : <Box sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>{view}</Box>}
      </Box>
      <Box sx={{ pt: 0.5 }}>{action}</Box>
      <SaveDialog
        open={confirming}
        subject={label}
        pending={pending}
        onSave={() => void save()}
        onDiscard={discard}
        onBack={() => setConfirming(false)}
      />
      {dialog}
    </Box>
  );
}

/** A saved text value, or "Keine Angabe" in grey. */
export function ValueText({ children }: { children: ReactNode }) {
  const empty = children === '' || children === null || children === undefined;
  return (
    <Typography sx={{ whiteSpace: 'pre-wrap' }} color={empty ? 'text.secondary' : 'text.primary'}>
      {empty ? 'Keine Angabe' : children}
    </Typography>
  );
}

/** A field shown with the same layout as the editable ones, without an edit button. */
export function ReadOnlyRow({ label, value }: { label: string; value: string }) {
  return (
    <EditSection
      label={label}
      view={<ValueText>{value}</ValueText>}
      editor={null}
      editable={false}
      valid
      dirty={false}
      onStartEdit={() => undefined}
      onSave={() => Promise.resolve()}
      onDiscard={() => undefined}
    />
  );
}
