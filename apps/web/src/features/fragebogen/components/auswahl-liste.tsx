import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';

interface Auswahl {
  id: number;
  titel: string;
}

/**
 * The master list of a master-detail screen (questionnaire definitions, a patient's questionnaires): one button per
 * entry with its status line; the chosen one is marked for screen readers too (aria-current).
 */
export function AuswahlListe<T extends Auswahl>({
  eintraege,
  gewaehlt,
  onWaehlen,
  status,
  leer,
}: {
  eintraege: readonly T[];
  gewaehlt: number | undefined;
  onWaehlen: (id: number) => void;
  status: (eintrag: T) => string;
  /** Shown instead of the list when it is empty. */
  leer: string;
}) {
  if (eintraege.length === 0) return <Typography sx={{ p: 1 }}>{leer}</Typography>;
  return (
    <List dense>
      {eintraege.map((eintrag) => (
        <ListItem key={eintrag.id} disablePadding>
          <ListItemButton
            selected={eintrag.id === gewaehlt}
            aria-current={eintrag.id === gewaehlt ? 'true' : undefined}
            onClick={() => onWaehlen(eintrag.id)}
          >
            <ListItemText primary={eintrag.titel} secondary={status(eintrag)} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
