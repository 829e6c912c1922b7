import { ABO_TEXTS, AKTIVE_ABO_STATUSES, paketLabel, type Abo } from '@dihs/contract/abo';
import { formatDayDe } from '@dihs/contract/common/time';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { QueryState } from '../../../components/query-state.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { useAbo, useAboVerwaltung, useZuweisbarePakete } from '../api/abo-api.ts';
import { gesternIso } from '../abo-format.ts';
import { AboDetails } from './abo-details.tsx';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { TextPicker } from '../../../components/text-date-pickers.tsx';

const isAktiv = (abo: Abo) => (AKTIVE_ABO_STATUSES as readonly string[]).includes(abo.status);

type Beenden = { sofort: boolean } | null;

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
  const selectLabelId = useId();
  const confirmId = useId();
  const [paketId, setPaketId] = useState<number | ''>('');
  const [datum, setDatum] = useState(() => gesternIso());
  const [beenden, setBeenden] = useState<Beenden>(null);
  const [meldung, setMeldung] = useState<{ title: string; text: string } | null>(null);

  const ausfuehren = (action: Parameters<typeof verwaltung.mutate>[0], erfolg: string) =>
    verwaltung.mutate(action, {
      onSuccess: () => setMeldung({ title: 'Abo', text: erfolg }),
      onError: (error) => setMeldung({ title: 'Fehler', text: error.message }),
    });

  function firmenaboBeenden() {
    // spec 1 section 5: ending without a date is blocked with this dialog
    if (!datum) {
      setMeldung({ title: 'Firmenabo beenden', text: ABO_TEXTS.beendenOhneDatum });
      return;
    }
    ausfuehren({ kind: 'firmenabo', date: datum }, `Das Firmenabo endet mit Ablauf des ${formatDayDe(datum)}.`);
  }

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
              <FormControl sx={{ minWidth: { xs: '100%', sm: 420 } }} size="small">
                <InputLabel id={selectLabelId}>Abopaket</InputLabel>
                <Select<number | ''>
                  labelId={selectLabelId}
                  label="Abopaket"
                  value={paketId}
                  onChange={(event) => setPaketId(event.target.value === '' ? '' : Number(event.target.value))}
                >
                  {(pakete.data ?? []).map((paket) => (
                    <MenuItem key={paket.aboPaketId} value={paket.aboPaketId}>
                      {paketLabel(paket)}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
              <Button
                variant="contained"
                disabled={paketId === ''}
                loading={verwaltung.isPending}
                onClick={() =>
                  paketId !== '' && ausfuehren({ kind: 'zuweisen', aboPaketId: paketId }, 'Das Abo wurde zugewiesen.')
                }
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
            <TextPicker
              kind="tag"
              size="small"
              label="Vertragsende"
              text={datum}
              onText={setDatum}
              error={!/^\d{4}-\d{2}-\d{2}$/.test(datum)}
              helperText={datum ? 'Letzter Tag des Firmenabos' : 'Das Datum darf nicht leer sein.'}
            />
            <Button variant="outlined" color="error" onClick={firmenaboBeenden} loading={verwaltung.isPending}>
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
