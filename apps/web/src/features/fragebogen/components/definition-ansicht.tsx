import { BEDINGUNG_LABELS, FRAGE_TYP_LABELS, type FragebogenDefinition } from '@dihs/contract/fragebogen';
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';

/** A published definition, read-only: each question with its type and the condition that shows it. */
export function DefinitionAnsicht({ definition }: { definition: FragebogenDefinition }) {
  const nummer = new Map(definition.fragen.map((frage, index) => [frage.id, index + 1]));
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        Dieser Fragebogen ist veröffentlicht und kann nicht mehr geändert werden.
      </Alert>
      <List aria-label="Fragen">
        {definition.fragen.map((frage, index) => (
          <ListItem key={frage.id} divider>
            <ListItemText
              primary={`${index + 1}. ${frage.frage}`}
              secondary={[
                FRAGE_TYP_LABELS[frage.typ],
                frage.abhaengigVonFrageId !== null
                  ? `nur wenn Frage ${nummer.get(frage.abhaengigVonFrageId) ?? '?'} mit „${
                      BEDINGUNG_LABELS[String(frage.abhaengigVonBedingung) as 'true' | 'false']
                    }“ beantwortet ist`
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}
