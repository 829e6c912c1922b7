import { BENUTZER_TEXTS } from '@dihs/contract/users';
import { PRIVILEGE_LABELS, privilegeFromCode, type Role } from '@dihs/contract/common/roles';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { savePrivileges, useGrantablePrivileges, useRefreshKonto } from '../api/konto-api.ts';
import { EditSection } from './edit-section.tsx';

const labelOf = (code: number): string => {
  const privilege = privilegeFromCode(code);
  return privilege ? PRIVILEGE_LABELS[privilege] : `Berechtigung ${code}`;
};

interface PrivilegesEditorProps {
  userId: number;
  role: Role;
  privileges: readonly number[];
  aktiv: boolean;
  editable: boolean;
  lockedReason: string | undefined;
}

/**
 * The privileges multi-select (only those grantable to the user's role, GET /authority/{role}) and the
 * Aktiv/Gesperrt switch, saved together with POST /user/other/{id}/privileges.
 */
export function PrivilegesEditor({ userId, role, privileges, aktiv, editable, lockedReason }: PrivilegesEditorProps) {
  const grantable = useGrantablePrivileges(role);
  const refresh = useRefreshKonto();
  const [selected, setSelected] = useState<number[]>([]);
  const [active, setActive] = useState(aktiv);
  const selectLabelId = useId();
  const options = grantable.data ?? [];
  const shownPrivileges = privileges.filter((code) => options.includes(code));

  const reset = () => {
    setSelected(shownPrivileges);
    setActive(aktiv);
  };
  const dirty =
    active !== aktiv ||
    selected.length !== shownPrivileges.length ||
    selected.some((code) => !shownPrivileges.includes(code));

  const view = (
    <Box>
      <Typography sx={{ mb: 0.5 }}>
        Status: <strong>{aktiv ? BENUTZER_TEXTS.aktiv : BENUTZER_TEXTS.gesperrt}</strong>
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {shownPrivileges.length === 0 ? (
          <Typography color="text.secondary">Keine Berechtigungen</Typography>
        ) : (
          shownPrivileges.map((code) => <Chip key={code} label={labelOf(code)} size="small" />)
        )}
      </Box>
    </Box>
  );

  const editor = (
    <Box sx={{ mt: 1 }}>
      <FormControl fullWidth margin="dense">
        <InputLabel id={selectLabelId}>Berechtigungen</InputLabel>
        <Select<number[]>
          labelId={selectLabelId}
          label="Berechtigungen"
          multiple
          value={selected}
          onChange={(event) => {
            const value = event.target.value;
            setSelected(typeof value === 'string' ? [] : value);
          }}
          renderValue={(codes) => codes.map(labelOf).join(', ')}
        >
          {options.map((code) => (
            <MenuItem key={code} value={code}>
              <Checkbox checked={selected.includes(code)} />
              <ListItemText primary={labelOf(code)} />
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControlLabel
        control={<Switch checked={active} onChange={(event) => setActive(event.target.checked)} />}
        label={active ? BENUTZER_TEXTS.aktiv : BENUTZER_TEXTS.gesperrt}
      />
    </Box>
  );

  return (
    <EditSection
      label="Berechtigungen und Status"
      view={view}
      editor={editor}
      editable={editable && grantable.isSuccess}
      lockedReason={lockedReason}
      valid
      dirty={dirty}
      onStartEdit={reset}
      onDiscard={reset}
      onSave={async () => {
        await savePrivileges(userId, { privileges: selected, active });
        await refresh();
      }}
    />
  );
}
