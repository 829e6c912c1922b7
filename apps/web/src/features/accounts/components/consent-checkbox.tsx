import { staticPagePath } from '@dihs/contract/common/routes';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import { useId } from 'react';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';

interface ConsentCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
}

/** A link to a static page in a new tab, so the half-filled registration form stays as it is. */
function PageLink({
  url,
  children,
}: {
  url: 'einverstaendnis_videotherapie' | 'nutzungsbestimmungen';
  children: string;
}) {
  return (
    <Link href={staticPagePath(url)} target="_blank" rel="noopener">
      {children}
      <VisuallyHidden> (öffnet in neuem Tab)</VisuallyHidden>
    </Link>
  );
}

/** The registration's consent to video therapy and the terms of use, with the spec's message when missing. */
export function ConsentCheckbox({ checked, onChange, error }: ConsentCheckboxProps) {
  const errorId = useId();
  return (
    <FormControl error={Boolean(error)} required sx={{ mt: 2 }}>
      <FormControlLabel
        control={
          <Checkbox
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': error ? errorId : undefined } }}
          />
        }
        label={
          <>
            Ich gebe mein <PageLink url="einverstaendnis_videotherapie">Einverständnis zur Videotherapie</PageLink> und
            stimme den <PageLink url="nutzungsbestimmungen">Nutzungsbestimmungen</PageLink> zu.
          </>
        }
      />
      {error && <FormHelperText id={errorId}>{error}</FormHelperText>}
    </FormControl>
  );
}
