import { TRAINING_TEXTS, type PlanEintrag, type PlanSetSummary, type Uebung } from '@dihs/contract/training';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useParams } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { savedText, useSaveNotice } from '../../../components/save-notice.tsx';
import { PageMessage } from '../../../components/page-message.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { NetzwerkfehlerDialog } from '../../../components/message-dialog.tsx';
import {
  useEintragEntfernen,
  useEintragSpeichern,
  useEintragVerschieben,
  usePlanSet,
  usePlanSetAusVorlage,
  usePlanSetDatum,
  usePlanSetNeu,
  usePlanSets,
} from '../api/training-api.ts';
import { AdherenzInfo } from '../components/adherenz-info.tsx';
import { EintragDialog, eintragForm, NEUER_EINTRAG } from '../components/eintrag-dialog.tsx';
import { EintragKarten } from '../components/eintrag-karten.tsx';
import { EntfernenDialog } from '../components/entfernen-dialog.tsx';
import { NeuerPlanDialog } from '../components/neuer-plan-dialog.tsx';
import { planAbLabel, StartdatumDialog } from '../components/startdatum-dialog.tsx';
import { UebungenSpalte } from '../components/uebungen-liste.tsx';

type Editing = { kind: 'neu'; uebung: Uebung } | { kind: 'bearbeiten'; eintrag: PlanEintrag } | null;

/** /therapeut/trainingsplan/{patient} (and /betreiber/…): "Trainingsplan von {name}" (spec 3 "Training plans"). */
export function PlanEditorPage() {
  const patientId = Number(useParams().patient);
  const sets = usePlanSets(patientId);
  const [chosen, setChosen] = useState<number | null>(null);
  const setId = chosen ?? sets.data?.aktuellesSetId ?? sets.data?.sets[0]?.id ?? null;
  const set = usePlanSet(setId);
  const [dialog, setDialog] = useState<'datum' | 'neu' | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<PlanEintrag | null>(null);
  const [failed, setFailed] = useState(false);
  const notify = useSaveNotice();
  const onError = () => setFailed(true);
  const neu = usePlanSetNeu();
  const ausVorlage = usePlanSetAusVorlage();
  const datum = usePlanSetDatum();
  const speichern = useEintragSpeichern();
  const entfernen = useEintragEntfernen();
  const verschieben = useEintragVerschieben();

  if (!Number.isInteger(patientId) || patientId <= 0)
    return <PageMessage title="Trainingsplan" severity="error" message={TRAINING_TEXTS.patientNichtGefunden} />;
  if (sets.isPending) return <LoadingIndicator label="Trainingsplan wird geladen" />;
  if (sets.isError)
    return (
      <PageMessage
        title="Trainingsplan"
        severity={isApiError(sets.error, 403) ? 'info' : 'error'}
        message={sets.error.message || 'Der Trainingsplan konnte nicht geladen werden.'}
      />
    );
  const { patientName } = sets.data;
  // a plan is named by its patient and its start, as the "Plan Ab:" choice shows it
  const planName = (summary: PlanSetSummary) => `${patientName}, ab ${planAbLabel(summary.validFrom)}`;
  const created = (summary: PlanSetSummary) => {
    setChosen(summary.id);
    notify({ text: savedText('Trainingsplan', planName(summary), true) });
    setDialog(null);
  };
  const redated = (summary: PlanSetSummary) => {
    notify({ text: savedText('Trainingsplan', planName(summary), false) });
    setDialog(null);
  };

  return (
    <Box sx={{ p: { xs: 1, md: 3 } }}>
      <Typography variant="h1" gutterBottom>
        Trainingsplan von {patientName}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        {sets.data.sets.length > 0 && (
          <TextField
            select
            label="Plan Ab:"
            size="small"
            value={setId ?? ''}
            onChange={(event) => setChosen(Number(event.target.value))}
            sx={{ minWidth: 220 }}
          >
            {sets.data.sets.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {planAbLabel(s.validFrom)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {set.data && (
          <Button variant="outlined" onClick={() => setDialog('datum')}>
            Startdatum Ändern
          </Button>
        )}
        <Button variant="contained" onClick={() => setDialog('neu')}>
          Neuer Trainingsplan
        </Button>
        {set.data?.adherenzProzent !== null && set.data?.adherenzProzent !== undefined && (
          <Typography>Trainingstreue (14 Tage): {set.data.adherenzProzent} %</Typography>
        )}
      </Stack>
      {!sets.data.hatAbo && (
        // the patient sees no plan without a running subscription: the editor tells the therapist so (spec 3)
        <Alert severity="info" sx={{ mb: 2 }}>
          {TRAINING_TEXTS.keinAbo(patientName)}
        </Alert>
      )}
      {sets.data.sets.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {TRAINING_TEXTS.keinPlan(patientName)}
        </Alert>
      )}
      {setId !== null && (
        <Grid container spacing={3}>
          <UebungenSpalte onAdd={(uebung) => setEditing({ kind: 'neu', uebung })} />
          <Grid size={{ xs: 12, md: 8 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Plan
            </Typography>
            {set.isPending && <LoadingIndicator label="Plan wird geladen" />}
            {set.data?.planListe.length === 0 && (
              <Typography color="text.secondary">
                Noch keine Übungen: ein Klick auf eine Übung fügt sie hinzu.
              </Typography>
            )}
            {set.data && (
              <EintragKarten
                eintraege={set.data.planListe}
                onMove={(eintrag, position) =>
                  verschieben.mutate({ params: { a: eintrag.id, b: position } }, { onError })
                }
                onEdit={(eintrag) => setEditing({ kind: 'bearbeiten', eintrag })}
                onRemove={setRemoving}
                extra={(eintrag) => <AdherenzInfo eintrag={eintrag} />}
              />
            )}
          </Grid>
        </Grid>
      )}
      {dialog === 'datum' && set.data && (
        <StartdatumDialog
          validFrom={set.data.validFrom}
          pending={datum.isPending}
          onApply={(validFrom) =>
            datum.mutate({ body: { setId: set.data.id, validFrom } }, { onSuccess: redated, onError })
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'neu' && (
        <NeuerPlanDialog
          pending={neu.isPending || ausVorlage.isPending}
          onCreate={(vorlageId) =>
            vorlageId === null
              ? neu.mutate({ params: { patientId } }, { onSuccess: created, onError })
              : ausVorlage.mutate({ params: { id: vorlageId }, body: { patientId } }, { onSuccess: created, onError })
          }
          onClose={() => setDialog(null)}
        />
      )}
      {editing && setId !== null && (
        <EintragDialog
          title={editing.kind === 'neu' ? 'Übung zu Trainingsplan hinzufügen' : 'Übung im Trainingsplan bearbeiten'}
          uebung={editing.kind === 'neu' ? editing.uebung : editing.eintrag}
          initial={editing.kind === 'neu' ? NEUER_EINTRAG : eintragForm(editing.eintrag)}
          save={speichern}
          onSave={(fields) =>
            speichern.mutate(
              {
                body: {
                  ...fields,
                  id: editing.kind === 'neu' ? 0 : editing.eintrag.id,
                  setId,
                  uebungId: editing.kind === 'neu' ? editing.uebung.id : editing.eintrag.uebungId,
                },
              },
              {
                onSuccess: () => {
                  notify({
                    text: savedText(
                      'Übung',
                      editing.kind === 'neu' ? editing.uebung.titel : editing.eintrag.titel,
                      editing.kind === 'neu',
                    ),
                  });
                  setEditing(null);
                },
              },
            )
          }
          onClose={() => setEditing(null)}
        />
      )}
      {removing && (
        <EntfernenDialog
          frage={TRAINING_TEXTS.entfernenFrage}
          onNo={() => setRemoving(null)}
          onYes={() => {
            entfernen.mutate({ params: { id: removing.id } }, { onError });
            setRemoving(null);
          }}
        />
      )}
      <NetzwerkfehlerDialog open={failed} onClose={() => setFailed(false)} />
    </Box>
  );
}
