import {
  ABO_TEXTS,
  aboBeendenFirmenaboBodySchema,
  aboZuweisenBodySchema,
  AKTIVE_ABO_STATUSES,
  paketLabel,
  type Abo,
} from '@dihs/contract/abo';
import { formatDayDe } from '@dihs/contract/common/time';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-fields.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { useAbo, useAboVerwaltung, useZuweisbarePakete } from '../api/abo-api.ts';
import { gesternIso } from '../abo-format.ts';
import { AboDetails } from './abo-details.tsx';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { FormTextPicker } from '../../../components/text-date-pickers.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';

const isAktiv = (abo: Abo) => (AKTIVE_ABO_STATUSES as readonly string[]).includes(abo.status);

type Beenden = { sofort: boolean } | null;

/** The package to assign, none until one is chosen. */
const zuweisenFormSchema = z
  .object({ aboPaketId: z.union([z.number(), z.literal('')]) })
  .pipe(aboZuweisenBodySchema.pick({ aboPaketId: true }));
/** The company subscription's last day (YYYY-MM-DD), required. */
const firmenaboFormSchema = aboBeendenFirmenaboBodySchema.pick({ date: true });

interface AboVerwaltungSectionProps {
  patientId: number;
  canManage: boolean;
  /** The patient's company, if any: decides whether an assigned package is a company or a paid subscription. The
   * affiliation is the profile's, so the page that composes both passes it in. */
  firmaBezeichner: string | undefined;
}

/** A patient's subscription in the operator view: assign a package, end a paid or a company subscription. */
export function AboVerwaltungSection({ patientId, canManage, firmaBezeichner }: AboVerwaltungSectionProps) {
  const abo = useAbo(patientId);
  const current = abo.data ?? null;
  const pakete = useZuweisbarePakete(canManage && abo.isSuccess && !current);
  const verwaltung = useAboVerwaltung(patientId);
  const confirmId = useId();
  const zuweisenForm = useContractForm(zuweisenFormSchema, { aboPaketId: '' }, { submitParsed: true });
  const firmenaboForm = useContractForm(firmenaboFormSchema, { date: gesternIso() });
  const [beenden, setBeenden] = useState<Beenden>(null);
  const [meldung, setMeldung] = useState<{ title: string; text: string } | null>(null);

  const ausfuehren = (action: Parameters<typeof verwaltung.mutate>[0], erfolg: string) =>
    verwaltung.mutate(action, {
      onSuccess: () => setMeldung({ title: 'Abo', text: erfolg }),
      onError: (error) => setMeldung({ title: 'Fehler', text: error.message }),
    });

  const zuweisen = zuweisenForm.handleSubmit(({ aboPaketId }) =>
    ausfuehren({ kind: 'zuweisen', aboPaketId }, 'Das Abo wurde zugewiesen.'),
  );
  const firmenaboBeenden = firmenaboForm.handleSubmit(
    ({ date }) => ausfuehren({ kind: 'firmenabo', date }, `Das Firmenabo endet mit Ablauf des ${formatDayDe(date)}.`),
    () => {
      // spec 1 section 5: ending without a date is blocked with this dialog
      if (!firmenaboForm.getValues('date').trim())
        setMeldung({ title: 'Firmenabo beenden', text: ABO_TEXTS.beendenOhneDatum });
    },
  );

  // built for the loaded answer; QueryState shows the spinner or the error instead while there is none
  let content;
  if (!current) {
    content = (
      <Box sx={{ py: 1.5 }}>
        <Typography sx={{ mb: 1 }}>Der Patient hat kein Abo.</Typography>
        {canManage && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {firmaBezeichner !== undefined
                ? `Der Patient gehört zur Firma „${firmaBezeichner}“: Das Paket wird als Firmenabo zugewiesen und beginnt sofort.`
                : 'Der Patient gehört zu keiner Firma: Das Paket wird als Bezahlabo zugewiesen und beginnt, sobald der Patient es bezahlt hat.'}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <FormTextField
                control={zuweisenForm.control}
                name="aboPaketId"
                select
                label="Abopaket"
                size="small"
                fullWidth={false}
                margin="none"
                parse={(text) => Number(text)}
                sx={{ minWidth: { xs: '100%', sm: 420 } }}
              >
                {(pakete.data ?? []).map((paket) => (
                  <MenuItem key={paket.aboPaketId} value={paket.aboPaketId}>
                    {paketLabel(paket)}
                  </MenuItem>
                ))}
              </FormTextField>
              <Button
                variant="contained"
                disabled={!zuweisenForm.formState.isValid}
                loading={verwaltung.isPending}
                onClick={() => void zuweisen()}
              >
                Abo zuweisen
              </Button>
            </Box>
            {pakete.isSuccess && pakete.data.length === 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Es gibt kein aktives Abopaket.
              </Typography>
            )}
          </>
        )}
      </Box>
    );
  } else {
    content = (
      <>
        <AboDetails abo={current} />
        {canManage && current.bezahlabo && (
          <Box sx={{ py: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" color="error" onClick={() => setBeenden({ sofort: true })}>
              Sofort beenden
            </Button>
            {isAktiv(current) && !current.kuendigungBetreiberVorgemerkt && (
              <Button variant="outlined" onClick={() => setBeenden({ sofort: false })}>
                Zum Laufzeitende beenden
              </Button>
            )}
          </Box>
        )}
        {canManage && !current.bezahlabo && (
          <Box sx={{ py: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
            <FormTextPicker
              control={firmenaboForm.control}
              name="date"
              kind="tag"
              size="small"
              label="Vertragsende"
              helperText="Letzter Tag des Firmenabos"
            />
            <Button
              variant="outlined"
              color="error"
              onClick={() => void firmenaboBeenden()}
              loading={verwaltung.isPending}
            >
              Firmenabo beenden
            </Button>
          </Box>
        )}
      </>
    );
  }

  return (
    <ProfileSection title="Abo">
      <QueryState query={abo} loading="Abo wird geladen" failed="Das Abo konnte nicht geladen werden.">
        {() => content}
      </QueryState>
      <Dialog open={beenden !== null} onClose={() => setBeenden(null)} aria-labelledby={confirmId}>
        <DialogTitle id={confirmId}>
          {beenden?.sofort ? 'Abo sofort beenden?' : 'Abo zum Laufzeitende beenden?'}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {beenden?.sofort
              ? 'Das Abo endet heute; nicht genutztes Abo-Guthaben verfällt.'
              : `Das Abo endet mit Ablauf der aktuellen Laufzeit${current?.laufzeitEnde ? ` am ${formatDayDe(current.laufzeitEnde)}` : ''}.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setBeenden(null)}>Zurück</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              if (!beenden) return;
              setBeenden(null);
              ausfuehren(
                { kind: 'bezahlabo', sofort: beenden.sofort },
                beenden.sofort ? 'Das Abo wurde beendet.' : 'Das Abo endet zum Ende der Laufzeit.',
              );
            }}
          >
            Beenden
          </Button>
        </DialogActions>
      </Dialog>
      <MessageDialog
        open={meldung !== null}
        title={meldung?.title ?? ''}
        text={meldung?.text ?? ''}
        onClose={() => setMeldung(null)}
      />
    </ProfileSection>
  );
}
