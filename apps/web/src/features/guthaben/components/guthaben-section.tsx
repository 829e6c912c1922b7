import { formatDateTimeUhr } from '@dihs/contract/common/time';
import {
  CREDIT_KIND_LABELS,
  CREDIT_KINDS,
  CREDIT_MESSAGES,
  creditCountTextRule,
  type CreditKind,
  type Guthaben,
  type GuthabenVerlauf,
} from '@dihs/contract/guthaben';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useState } from 'react';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-fields.tsx';
import {
  ABO_CREDIT_LABELS,
  GuthabenBar,
  PAID_CREDIT_LABELS,
  REZEPT_CREDIT_LABELS,
} from '../../../components/guthaben-bar.tsx';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { useGuthaben, useGuthabenVerlauf, useStoreGuthaben } from '../api/guthaben-api.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { SaveDialog } from '../../../components/save-dialog.tsx';
import { useSaveNotice } from '../../../components/save-notice.tsx';

const GROUPS: [string, [CreditKind, string][]][] = [
  ['Bezahltes Guthaben', PAID_CREDIT_LABELS],
  ['Abo-Guthaben', ABO_CREDIT_LABELS],
  ['Rezept-Guthaben', REZEPT_CREDIT_LABELS],
];

type Texts = Record<CreditKind, string>;

const textsOf = (guthaben: Guthaben): Texts =>
  Object.fromEntries(CREDIT_KINDS.map((kind) => [kind, String(guthaben[kind])])) as Texts;

/** The twelve texts: whole numbers from 0 (spec: free text fields; the rule is ours), parsed to the full balance. */
export const guthabenFormSchema = z.object(
  Object.fromEntries(CREDIT_KINDS.map((kind) => [kind, creditCountTextRule])) as Record<
    CreditKind,
    typeof creditCountTextRule
  >,
);

/** The snackbar's text after a save: which balances changed, from what to what. */
export function guthabenGespeichertText(vorher: Guthaben, nachher: Guthaben): string {
  const aenderungen = CREDIT_KINDS.filter((kind) => vorher[kind] !== nachher[kind]).map(
    (kind) => `${CREDIT_KIND_LABELS[kind]} ${vorher[kind]} → ${nachher[kind]}`,
  );
  return `„Guthaben“ wurde gespeichert: ${aenderungen.join(', ')}.`;
}

interface GuthabenSectionProps {
  /** null: the patient's own balance (MY_PROFIL); a number: the operator's view of that patient. */
  patientId: number | null;
  /** Operators with GUTHABEN_AENDERN edit the balances. */
  canEdit?: boolean;
}

/** Credit balances with their history: the operator edits them, the patient sees them (spec 1 "Credit on profiles"). */
export function GuthabenSection({ patientId, canEdit = false }: GuthabenSectionProps) {
  const guthaben = useGuthaben(patientId);
  const verlauf = useGuthabenVerlauf(patientId);
  const [editing, setEditing] = useState(false);

  return (
    <ProfileSection title="Guthaben">
      <Box sx={{ py: 2 }}>
        {guthaben.isPending ? (
          <LoadingIndicator label="Guthaben wird geladen" />
        ) : guthaben.isError ? (
          <Alert severity="error">Das Guthaben konnte nicht geladen werden.</Alert>
        ) : patientId !== null && editing ? (
          <GuthabenEditor patientId={patientId} guthaben={guthaben.data} onDone={() => setEditing(false)} />
        ) : (
          <Stack spacing={2}>
            {GROUPS.map(([title, kinds]) => (
              <GuthabenBar key={title} guthaben={guthaben.data} title={title} kinds={kinds} />
            ))}
            {patientId !== null &&
              (canEdit ? (
                <Box>
                  <Button variant="outlined" onClick={() => setEditing(true)}>
                    Guthaben bearbeiten
                  </Button>
                </Box>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  Zum Ändern des Guthabens fehlt Ihnen die Berechtigung „Guthaben ändern“.
                </Typography>
              ))}
          </Stack>
        )}
      </Box>
      {verlauf.data && <VerlaufView verlauf={verlauf.data} />}
    </ProfileSection>
  );
}

function GuthabenEditor({
  patientId,
  guthaben,
  onDone,
}: {
  patientId: number;
  guthaben: Guthaben;
  onDone: () => void;
}) {
  const store = useStoreGuthaben(patientId);
  const notify = useSaveNotice();
  const { control, handleSubmit, formState } = useContractForm(guthabenFormSchema, textsOf(guthaben), {
    submitParsed: true,
  });
  // the balance checked by the form, waiting in the dialog "Änderungen Speichern?"
  const [confirming, setConfirming] = useState<Guthaben | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const changed = formState.isValid && formState.isDirty;

  function save() {
    if (!confirming) return;
    store.mutate(confirming, {
      onSuccess: (gespeichert) => {
        setConfirming(null);
        notify({ text: guthabenGespeichertText(guthaben, gespeichert) });
        onDone();
      },
      onError: (error) => {
        setConfirming(null);
        setFailure(error.message);
      },
    });
  }

  return (
    <Box component="form" noValidate onSubmit={(event) => void handleSubmit(setConfirming)(event)}>
      <Stack spacing={3}>
        {GROUPS.map(([title, kinds]) => (
          <Box key={title} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
              {title}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(12rem, 1fr))' },
              }}
            >
              {kinds.map(([kind]) => (
                <FormTextField
                  key={kind}
                  control={control}
                  name={kind}
                  label={CREDIT_KIND_LABELS[kind]}
                  helperText=" "
                  fullWidth={false}
                  margin="none"
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  size="small"
                />
              ))}
            </Box>
          </Box>
        ))}
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={!changed}>
            Speichern
          </Button>
          <Button onClick={onDone}>Abbrechen</Button>
        </Stack>
      </Stack>
      <SaveDialog
        open={confirming !== null}
        subject="Guthaben"
        pending={store.isPending}
        onSave={save}
        onDiscard={() => {
          setConfirming(null);
          onDone();
        }}
        onBack={() => setConfirming(null)}
      />
      <MessageDialog
        open={failure !== null}
        title={CREDIT_MESSAGES.speichernFehler}
        text={failure ?? ''}
        onClose={() => setFailure(null)}
      />
    </Box>
  );
}

function VerlaufView({ verlauf }: { verlauf: GuthabenVerlauf }) {
  const schulden = CREDIT_KINDS.filter((kind) => (verlauf.schulden[kind] ?? 0) > 0);
  return (
    <Box sx={{ py: 2 }}>
      {schulden.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Offen nach einer Rückerstattung (bereits genutztes Guthaben):{' '}
          {schulden.map((kind) => `${CREDIT_KIND_LABELS[kind]}: ${verlauf.schulden[kind]}`).join(', ')}
        </Alert>
      )}
      <Accordion disableGutters variant="outlined">
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>
          <Typography>Guthabenverlauf ({verlauf.eintraege.length})</Typography>
        </AccordionSummary>
        <AccordionDetails sx={{ overflowX: 'auto' }}>
          {verlauf.eintraege.length === 0 ? (
            <Typography color="text.secondary">Noch keine Guthabenbewegungen.</Typography>
          ) : (
            <Table size="small" aria-label="Guthabenverlauf">
              <TableHead>
                <TableRow>
                  <TableCell>Datum</TableCell>
                  <TableCell>Guthaben</TableCell>
                  <TableCell align="right">Änderung</TableCell>
                  <TableCell>Grund</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {verlauf.eintraege.map((eintrag) => (
                  <TableRow key={eintrag.id}>
                    <TableCell>{formatDateTimeUhr(eintrag.datum)}</TableCell>
                    <TableCell>{CREDIT_KIND_LABELS[eintrag.art]}</TableCell>
                    <TableCell align="right">
                      {eintrag.aenderung > 0 ? `+${eintrag.aenderung}` : eintrag.aenderung}
                    </TableCell>
                    <TableCell>{eintrag.grund}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </AccordionDetails>
      </Accordion>
    </Box>
  );
}
