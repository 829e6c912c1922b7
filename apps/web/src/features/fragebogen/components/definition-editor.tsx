import {
  FRAGE_TYP_LABELS,
  FRAGE_TYPEN,
  FRAGEBOGEN_LIMITS,
  fragebogenSpeichernSchema,
  type FragebogenDefinition,
  type FragebogenSpeichern,
} from '@dihs/contract/fragebogen';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useController, useFieldArray, useWatch, type Control } from 'react-hook-form';
import { FormTextField } from '../../../components/form-fields.tsx';
import { savedText, useSaveNotice } from '../../../components/save-notice.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import {
  useDefinitionSpeichern,
  useDefinitionVeroeffentlichen,
  useFrageEntfernen,
  useFrageHinzufuegen,
} from '../api/fragebogen-api.ts';

const toForm = (definition: FragebogenDefinition): FragebogenSpeichern => ({
  id: definition.id,
  titel: definition.titel,
  fragen: definition.fragen.map(({ id, frage, typ, position, abhaengigVonFrageId, abhaengigVonBedingung }) => ({
    id,
    frage,
    typ,
    position,
    abhaengigVonFrageId,
    abhaengigVonBedingung,
  })),
});

/** The order on screen is the order saved: positions 1, 2, 3, ... */
const nummeriert = (values: FragebogenSpeichern): FragebogenSpeichern => ({
  ...values,
  fragen: values.fragen.map((frage, index) => ({ ...frage, position: index + 1 })),
});

interface FrageZeileProps {
  control: Control<FragebogenSpeichern>;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  busy: boolean;
}

/** One question: text, type, dependency with its required answer, order and removal. */
function FrageZeile({ control, index, count, onMove, onRemove, busy }: FrageZeileProps) {
  const nummer = index + 1;
  const fragen = useWatch({ control, name: 'fragen' });
  const self = fragen[index];
  const typ = useController({ control, name: `fragen.${index}.typ` });
  const abhaengig = useController({ control, name: `fragen.${index}.abhaengigVonFrageId` });
  const bedingung = useController({ control, name: `fragen.${index}.abhaengigVonBedingung` });
  const optionen = fragen
    .map((frage, position) => ({ frage, position }))
    .filter(({ frage }) => frage.typ === 'WAHRHEITSWERT' && frage.id !== self?.id);

  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }} aria-label={`Frage ${nummer}`}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' } }}>
        <Box sx={{ flex: 3 }}>
          <FormTextField
            control={control}
            name={`fragen.${index}.frage`}
            label={`Frage ${nummer}`}
            max={FRAGEBOGEN_LIMITS.frage}
          />
        </Box>
        <TextField
          select
          margin="dense"
          label="Fragetyp"
          sx={{ flex: 1, minWidth: 160 }}
          name={typ.field.name}
          value={typ.field.value}
          onChange={(event) => typ.field.onChange(event.target.value)}
        >
          {FRAGE_TYPEN.map((value) => (
            <MenuItem key={value} value={value}>
              {FRAGE_TYP_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField
          select
          margin="dense"
          label="Anzeigen abhängig von"
          sx={{ flex: 3 }}
          name={abhaengig.field.name}
          value={abhaengig.field.value === null ? '' : String(abhaengig.field.value)}
          onChange={(event) => {
            const value = event.target.value === '' ? null : Number(event.target.value);
            abhaengig.field.onChange(value);
            bedingung.field.onChange(value === null ? null : (bedingung.field.value ?? true));
          }}
          error={Boolean(abhaengig.fieldState.error)}
          helperText={abhaengig.fieldState.error?.message ?? 'Nur Ja/Nein-Fragen können Bedingung sein.'}
        >
          <MenuItem value="">Immer anzeigen</MenuItem>
          {optionen.map(({ frage, position }) => (
            <MenuItem key={frage.id} value={String(frage.id)}>
              Frage {position + 1}: {frage.frage}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          margin="dense"
          label="Anzeigen, wenn die Antwort lautet"
          sx={{ flex: 1, minWidth: 160 }}
          disabled={abhaengig.field.value === null}
          name={bedingung.field.name}
          value={bedingung.field.value === null ? '' : String(bedingung.field.value)}
          onChange={(event) => bedingung.field.onChange(event.target.value === 'true')}
        >
          <MenuItem value="true">Ja</MenuItem>
          <MenuItem value="false">Nein</MenuItem>
        </TextField>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <IconButton
          aria-label={`Frage ${nummer} nach oben`}
          disabled={index === 0}
          onClick={() => onMove(index, index - 1)}
        >
          <ArrowUpwardIcon />
        </IconButton>
        <IconButton
          aria-label={`Frage ${nummer} nach unten`}
          disabled={index === count - 1}
          onClick={() => onMove(index, index + 1)}
        >
          <ArrowDownwardIcon />
        </IconButton>
        <IconButton aria-label={`Frage ${nummer} entfernen`} disabled={busy} onClick={onRemove}>
          <DeleteIcon />
        </IconButton>
      </Stack>
    </Paper>
  );
}

/**
 * The editor of a draft (spec 3 "Questionnaire definition admin"). Adding and removing a question save the form
 * first, so no edit is lost; "Veröffentlichen" saves, then publishes.
 */
export function DefinitionEditor({ definition }: { definition: FragebogenDefinition }) {
  const speichern = useDefinitionSpeichern();
  const veroeffentlichen = useDefinitionVeroeffentlichen();
  const hinzufuegen = useFrageHinzufuegen();
  const entfernen = useFrageEntfernen();
  const [fehler, setFehler] = useState<string | null>(null);
  const notify = useSaveNotice();
  const form = useContractForm(fragebogenSpeichernSchema, toForm(definition));
  const { fields, move } = useFieldArray({ control: form.control, name: 'fragen', keyName: 'key' });
  const busy = speichern.isPending || veroeffentlichen.isPending || hinzufuegen.isPending || entfernen.isPending;

  // handlers start it and move on: its failures end in the German message below, never as a rejection
  const run = (action: (values: FragebogenSpeichern) => Promise<FragebogenDefinition | void>) => {
    setFehler(null);
    void form.handleSubmit(async (values) => {
      try {
        const result = await action(nummeriert(values));
        if (result) form.reset(toForm(result));
      } catch (error) {
        setFehler(error instanceof Error ? error.message : 'Der Fragebogen konnte nicht gespeichert werden.');
      }
    })();
  };
  const save = (values: FragebogenSpeichern) => speichern.mutateAsync({ body: values });

  return (
    <Box component="form" noValidate aria-label="Fragebogen bearbeiten" onSubmit={(event) => event.preventDefault()}>
      <FormTextField control={form.control} name="titel" label="Titel" max={FRAGEBOGEN_LIMITS.titel} />
      <Typography variant="h3" sx={{ fontSize: '1.1rem', mt: 2, mb: 1 }}>
        Fragen
      </Typography>
      {fields.length === 0 && <Alert severity="info">Noch keine Fragen. Fügen Sie eine Frage hinzu.</Alert>}
      <Stack component="ol" spacing={2} sx={{ p: 0, m: 0 }}>
        {fields.map((field, index) => (
          <FrageZeile
            key={field.key}
            control={form.control}
            index={index}
            count={fields.length}
            busy={busy}
            onMove={move}
            onRemove={() =>
              run(async (values) => {
                await save(values);
                return entfernen.mutateAsync({ body: { id: values.fragen[index]!.id } });
              })
            }
          />
        ))}
      </Stack>
      {fehler && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {fehler}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button
          startIcon={<AddIcon />}
          disabled={busy}
          onClick={() =>
            run(async (values) => {
              await save(values);
              return hinzufuegen.mutateAsync({ body: { fragebogenId: values.id } });
            })
          }
        >
          Frage hinzufügen
        </Button>
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() =>
            run(async (values) => {
              const result = await save(values);
              notify({ text: savedText('Fragebogen', result.titel, false) });
              return result;
            })
          }
        >
          Speichern
        </Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() =>
            run(async (values) => {
              const result = await veroeffentlichen.mutateAsync({ body: values });
              notify({ text: `Fragebogen „${result.titel}“ wurde veröffentlicht.` });
              return result;
            })
          }
        >
          Veröffentlichen
        </Button>
      </Stack>
    </Box>
  );
}
