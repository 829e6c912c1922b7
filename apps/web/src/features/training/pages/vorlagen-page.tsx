import { TRAINING_LIMITS, type Uebung, type VorlageUebung } from '@dihs/contract/training';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { savedText, useSaveNotice } from '../../../components/save-notice.tsx';
import { NetzwerkfehlerDialog } from '../../../components/message-dialog.tsx';
import {
  useVorlageLoeschen,
  useVorlageNeu,
  useVorlageUebungAendern,
  useVorlageUebungen,
  useVorlageUebungEntfernen,
  useVorlageUebungHinzufuegen,
  useVorlageUmbenennen,
  useVorlagen,
} from '../api/training-api.ts';
import { EintragDialog, eintragForm, NEUER_EINTRAG, type EintragForm } from '../components/eintrag-dialog.tsx';
import { EintragKarten } from '../components/eintrag-karten.tsx';
import { EntfernenDialog } from '../components/entfernen-dialog.tsx';
import { UebungenSpalte } from '../components/uebungen-liste.tsx';

type Editing = { kind: 'neu'; uebung: Uebung } | { kind: 'bearbeiten'; eintrag: VorlageUebung } | null;

/** The name field of the chosen template; mounted per template so it starts with its name. */
function Umbenennen({ id, befund }: { id: number; befund: string }) {
  const [name, setName] = useState(befund);
  const rename = useVorlageUmbenennen();
  const trimmed = name.trim();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        label="Befund"
        size="small"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={trimmed === '' || rename.isError}
        helperText={
          trimmed === '' ? 'Die Bezeichnung darf nicht leer sein.' : rename.isError ? rename.error.message : ' '
        }
        slotProps={{ htmlInput: { maxLength: TRAINING_LIMITS.befund } }}
      />
      <Button
        variant="outlined"
        disabled={trimmed === '' || trimmed === befund}
        loading={rename.isPending}
        onClick={() => rename.mutate({ params: { id }, body: { befund: trimmed } })}
      >
        Umbenennen
      </Button>
    </Stack>
  );
}

/** /therapeut/trainingsplanvorlagen: the therapist's templates (spec 3 "Template manager"). */
export function VorlagenPage() {
  const vorlagen = useVorlagen();
  const [chosen, setChosen] = useState<number | null>(null);
  const current = vorlagen.data?.find((v) => v.id === chosen) ?? vorlagen.data?.[0] ?? null;
  const uebungen = useVorlageUebungen(current?.id ?? null);
  const neu = useVorlageNeu();
  const loeschen = useVorlageLoeschen();
  const add = useVorlageUebungHinzufuegen();
  const update = useVorlageUebungAendern();
  const remove = useVorlageUebungEntfernen();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<VorlageUebung | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [failed, setFailed] = useState(false);
  const onError = () => setFailed(true);
  const notify = useSaveNotice();
  const save = editing?.kind === 'bearbeiten' ? update : add;

  if (vorlagen.isPending) return <LoadingIndicator label="Vorlagen werden geladen" />;
  if (vorlagen.isError) return <Alert severity="error">Die Vorlagen konnten nicht geladen werden.</Alert>;
  // a new template only once the current one has exercises (spec 3 section 5)
  const neuGesperrt = current !== null && (uebungen.data?.length ?? 0) === 0;

  const speichern = (fields: EintragForm) => {
    if (!current || !editing) return;
    const titel = editing.kind === 'neu' ? editing.uebung.titel : editing.eintrag.titel;
    const done = {
      onSuccess: () => {
        notify({ text: savedText('Übung', titel, editing.kind === 'neu') });
        setEditing(null);
      },
    };
    if (editing.kind === 'neu')
      add.mutate({ body: { ...fields, vorlageId: current.id, uebungId: editing.uebung.id } }, done);
    else update.mutate({ body: { ...fields, id: editing.eintrag.id } }, done);
  };

  return (
    <Box sx={{ p: { xs: 1, md: 3 } }}>
      <Typography variant="h1" gutterBottom>
        Trainingsplan-Vorlagen
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 3 }}>
          <Button
            variant="contained"
            disabled={neuGesperrt}
            loading={neu.isPending}
            onClick={() => neu.mutate(undefined, { onSuccess: (v) => setChosen(v.id), onError })}
          >
            Neue Vorlage
          </Button>
          <List aria-label="Vorlagen">
            {vorlagen.data.map((v) => (
              <ListItem key={v.id} disablePadding>
                <ListItemButton selected={v.id === current?.id} onClick={() => setChosen(v.id)}>
                  <ListItemText primary={v.befund} secondary={`Vorlage ${v.id}`} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
          {vorlagen.data.length === 0 && <Typography color="text.secondary">Noch keine Vorlagen.</Typography>}
        </Grid>
        {current && (
          <>
            <Grid size={{ xs: 12, md: 5 }}>
              <Stack spacing={2}>
                <Stack
                  direction="row"
                  spacing={1}
                  useFlexGap
                  sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}
                >
                  <Umbenennen key={current.id} id={current.id} befund={current.befund} />
                  <Button color="error" onClick={() => setDeleting(true)}>
                    Vorlage löschen
                  </Button>
                </Stack>
                {uebungen.data?.length === 0 && (
                  <Typography color="text.secondary">Ein Klick auf eine Übung fügt sie der Vorlage hinzu.</Typography>
                )}
                {uebungen.data && (
                  <EintragKarten
                    eintraege={uebungen.data}
                    onEdit={(eintrag) => setEditing({ kind: 'bearbeiten', eintrag })}
                    onRemove={setRemoving}
                  />
                )}
              </Stack>
            </Grid>
            <UebungenSpalte onAdd={(uebung) => setEditing({ kind: 'neu', uebung })} />
          </>
        )}
      </Grid>
      {editing && (
        <EintragDialog
          title={editing.kind === 'neu' ? 'Übung zu Vorlage hinzufügen' : 'Übung in Vorlage bearbeiten'}
          uebung={editing.kind === 'neu' ? editing.uebung : editing.eintrag}
          initial={editing.kind === 'neu' ? NEUER_EINTRAG : eintragForm(editing.eintrag)}
          save={save}
          onSave={speichern}
          onClose={() => setEditing(null)}
        />
      )}
      {removing && (
        <EntfernenDialog
          frage="Übung aus Vorlage entfernen?"
          onNo={() => setRemoving(null)}
          onYes={() => {
            remove.mutate({ body: { id: removing.id } }, { onError });
            setRemoving(null);
          }}
        />
      )}
      {deleting && current && (
        <EntfernenDialog
          frage={`Vorlage „${current.befund}“ löschen?`}
          onNo={() => setDeleting(false)}
          onYes={() => {
            loeschen.mutate({ body: { id: current.id } }, { onSuccess: () => setChosen(null), onError });
            setDeleting(false);
          }}
        />
      )}
      <NetzwerkfehlerDialog open={failed} onClose={() => setFailed(false)} />
    </Box>
  );
}
