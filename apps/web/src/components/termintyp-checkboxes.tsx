import { TERMINTYP_LABELS, type Termintyp } from '@dihs/contract/termin';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * Legend "Terminarten" and one checkbox per type of an appointment list filter, for a surrounding fieldset; the
 * last type that is on cannot be switched off (spec 2: read-only). `children` are further checkboxes of the row.
 */
export function TermintypCheckboxes({
  order,
  selected,
  onToggle,
  children,
}: {
  order: readonly Termintyp[];
  selected: readonly Termintyp[];
  onToggle: (typ: Termintyp) => void;
  children?: ReactNode;
}) {
  return (
    <>
      <Typography component="legend" variant="subtitle2">
        Terminarten
      </Typography>
      <FormGroup row>
        {order.map((typ) => {
          const checked = selected.includes(typ);
          const last = checked && selected.length === 1;
          return (
            <FormControlLabel
              key={typ}
              label={TERMINTYP_LABELS[typ]}
              control={
                <Checkbox
                  checked={checked}
                  readOnly={last}
                  slotProps={{ input: { 'aria-readonly': last } }}
                  onChange={() => onToggle(typ)}
                />
              }
            />
          );
        })}
        {children}
      </FormGroup>
    </>
  );
}
