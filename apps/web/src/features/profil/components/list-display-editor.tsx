import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { EditSection, ValueText } from './edit-section.tsx';

interface ListDisplayEditorProps {
  listenanzeige: boolean;
  onSave: (listenanzeige: boolean) => Promise<unknown>;
  editable: boolean;
  lockedReason: string | undefined;
}

/** The operator's switch whether a therapist appears in the patients' directory. */
export function ListDisplayEditor({ listenanzeige, onSave, editable, lockedReason }: ListDisplayEditorProps) {
  const [value, setValue] = useState(listenanzeige);
  return (
    <EditSection
      label="Listenanzeige"
      view={
        <ValueText>
          {listenanzeige ? 'Wird im Therapeutenverzeichnis angezeigt' : 'Nicht im Therapeutenverzeichnis'}
        </ValueText>
      }
      editor={
        <FormControlLabel
          control={<Switch checked={value} onChange={(event) => setValue(event.target.checked)} />}
          label="Im Therapeutenverzeichnis anzeigen"
        />
      }
      editable={editable}
      lockedReason={lockedReason}
      valid
      dirty={value !== listenanzeige}
      onStartEdit={() => setValue(listenanzeige)}
      onDiscard={() => setValue(listenanzeige)}
      onSave={() => onSave(value)}
    />
  );
}
