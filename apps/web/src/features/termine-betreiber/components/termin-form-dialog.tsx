import { MESSAGES } from '@dihs/contract/common/messages';
import {
  TERMIN_LIMITS,
  TERMINTYP_LABELS,
  TERMINTYPEN,
  type Termin,
  type TerminStatus,
  type Termintyp,
} from '@dihs/contract/termin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { CountedTextField } from '../../../components/counted-text-field.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useBefunde, useFirmenAuswahl, useSaveTermin, useTherapeutenAuswahl } from '../api/termine-betreiber-api.ts';
import {
  EMPTY_TERMIN_FORM,
  formOfTermin,
  maxTeilnehmerEditable,
  terminFormErrors,
  toTerminBody,
  withTermintyp,
  type TerminFormValues,
} from '../termin-form-state.ts';
import { TerminStatusButton } from './termin-status-button.tsx';

interface TerminFormDialogProps {
  /** The appointment to change; null plans a new one. */
  termin: Termin | null;
  onClose: () => void;
}

type Field = keyof TerminFormValues & string;

/** The appointment form of spec 2 section 5: every field with its rule, Speichern disabled until valid. */
export function TerminFormDialog({ termin, onClose }: TerminFormDialogProps) {
  const titleId = useId();
  const [form, setForm] = useState<TerminFormValues>(() => (termin ? formOfTermin(termin) : EMPTY_TERMIN_FORM));
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [status, setStatus] = useState<TerminStatus | null>(termin?.status ?? null);
  const save = useSaveTermin();
  const befunde = useBefunde();
  const therapeuten = useTherapeutenAuswahl();
  const firmen = useFirmenAuswahl();

  const errors = terminFormErrors(form);
  const valid = Object.keys(errors).length === 0;
  const shown = (field: Field) => (touched.has(field) ? errors[field] : undefined);
  const refusal = isApiError(save.error, 400, 404) ? save.error.message : undefined;

  const touch = (field: Field) => setTouched((current) => new Set(current).add(field));
  const update = (field: Field, next: TerminFormValues) => {
    setForm(next);
    touch(field);
    if (save.isError) save.reset();
  };
  const set =
    <K extends Field>(field: K) =>
    (value: TerminFormValues[K]) =>
      update(field, { ...form, [field]: value });

  // a stored Befund that was removed from the settings list stays selectable for its appointment
  const befundOptions = [
    ...new Set([...(befunde.data ?? []).map((entry) => entry.value), ...(termin ? [termin.befund] : [])]),
  ];

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(new Set(Object.keys(EMPTY_TERMIN_FORM)));
    if (!valid || save.isPending) return;
    save.mutate(toTerminBody(form), { onSuccess: onClose });
  }

  return (
    <>
      <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
        <Box component="form" noValidate onSubmit={submit}>
          <DialogTitle id={titleId}>{termin ? 'Termin ändern' : 'Termin hinzufügen'}</DialogTitle>
          <DialogContent>
            <TextField
              select
              fullWidth
              margin="dense"
              required
              label="Befund"
              value={form.befund}
              onChange={(event) => set('befund')(event.target.value)}
              onBlur={() => touch('befund')}
              error={Boolean(shown('befund'))}
              helperText={shown('befund') ?? (befunde.isError ? 'Die Befunde konnten nicht geladen werden.' : ' ')}
            >
              {befundOptions.map((value) => (
                <MenuItem key={value} value={value}>
                  {value}
                </MenuItem>
              ))}
            </TextField>
            <CountedTextField
              label="Details"
              required
              multiline
              minRows={2}
              value={form.details}
              onChange={set('details')}
              onBlur={() => touch('details')}
              max={TERMIN_LIMITS.details}
              error={shown('details')}
            />
            <TextField
              select
              fullWidth
              margin="dense"
              required
              label="Terminart"
              value={form.termintyp}
              onChange={(event) => update('termintyp', withTermintyp(form, event.target.value as Termintyp))}
              onBlur={() => touch('termintyp')}
              error={Boolean(shown('termintyp'))}
              helperText={shown('termintyp') ?? ' '}
            >
              {TERMINTYPEN.map((typ) => (
                <MenuItem key={typ} value={typ}>
                  {TERMINTYP_LABELS[typ]}
                </MenuItem>
              ))}
            </TextField>
            {form.termintyp === 'GRUPPE' && (
              <FormControlLabel
                label="Jeder sieht jeden in diesem Termin"
                control={
                  <Checkbox
                    checked={form.everyoneView}
                    onChange={(event) => set('everyoneView')(event.target.checked)}
                  />
                }
              />
            )}
            <FormControlLabel
              label="Firmentermin"
              control={
                <Checkbox
                  checked={form.istFirmentermin}
                  onChange={(event) =>
                    update('firmaId', {
                      ...form,
                      istFirmentermin: event.target.checked,
                      firmaId: event.target.checked ? form.firmaId : null,
                    })
                  }
                />
              }
            />
            {form.istFirmentermin && (
              <TextField
                select
                fullWidth
                margin="dense"
                required
                label="Firma"
                value={form.firmaId ?? ''}
                onChange={(event) => set('firmaId')(Number(event.target.value))}
                onBlur={() => touch('firmaId')}
                error={Boolean(shown('firmaId'))}
                helperText={shown('firmaId') ?? ' '}
              >
                {(firmen.data ?? []).map((firma) => (
                  <MenuItem key={firma.id} value={firma.id}>
                    {firma.bezeichner}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              select
              fullWidth
              margin="dense"
              required
              label="Therapeut"
              value={form.therapeutId ?? ''}
              onChange={(event) => set('therapeutId')(Number(event.target.value))}
              onBlur={() => touch('therapeutId')}
              error={Boolean(shown('therapeutId'))}
              helperText={shown('therapeutId') ?? ' '}
            >
              {(therapeuten.data ?? []).map((therapeut) => (
                <MenuItem key={therapeut.id} value={therapeut.id}>
                  {therapeut.vorname} {therapeut.nachname}
                </MenuItem>
              ))}
            </TextField>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField
                margin="dense"
                required
                label="Datum"
                placeholder="TT.MM.JJJJ"
                value={form.datum}
                onChange={(event) => set('datum')(event.target.value)}
                onBlur={() => touch('datum')}
                error={Boolean(shown('datum'))}
                helperText={shown('datum') ?? 'TT.MM.JJJJ'}
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
              />
              <TextField
                margin="dense"
                required
                label="Uhrzeit"
                placeholder="HH:MM"
                value={form.uhrzeit}
                onChange={(event) => set('uhrzeit')(event.target.value)}
                onBlur={() => touch('uhrzeit')}
                error={Boolean(shown('uhrzeit'))}
                helperText={shown('uhrzeit') ?? 'HH:MM, 24 Stunden, Berliner Zeit'}
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
              />
              <TextField
                type="number"
                margin="dense"
                required
                label="Max. Teilnehmer (Pers.)"
                value={form.maxTeilnehmer}
                disabled={!maxTeilnehmerEditable(form)}
                onChange={(event) => set('maxTeilnehmer')(event.target.value)}
                onBlur={() => touch('maxTeilnehmer')}
                error={Boolean(shown('maxTeilnehmer'))}
                helperText={shown('maxTeilnehmer') ?? ' '}
                slotProps={{ htmlInput: { min: 1, max: TERMIN_LIMITS.maxTeilnehmerMax } }}
              />
              <TextField
                type="number"
                margin="dense"
                required
                label="Dauer (Min.)"
                value={form.dauer}
                onChange={(event) => set('dauer')(event.target.value)}
                onBlur={() => touch('dauer')}
                error={Boolean(shown('dauer'))}
                helperText={shown('dauer') ?? ' '}
                slotProps={{ htmlInput: { min: TERMIN_LIMITS.dauerMin, max: TERMIN_LIMITS.dauerMax } }}
              />
            </Box>
            {refusal && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {refusal}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
            {termin && status && (
              <Box sx={{ mr: 'auto' }}>
                <TerminStatusButton terminId={termin.id} status={status} befund={termin.befund} onChanged={setStatus} />
              </Box>
            )}
            <Button
              onClick={() => {
                setForm({ ...EMPTY_TERMIN_FORM, id: form.id });
                setTouched(new Set());
              }}
              disabled={save.isPending}
            >
              Formular Leeren
            </Button>
            <Button onClick={onClose} disabled={save.isPending}>
              Zurück
            </Button>
            <Button type="submit" variant="contained" disabled={!valid} loading={save.isPending}>
              Speichern
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      <MessageDialog
        open={save.isError && !refusal}
        title={MESSAGES.netzwerkfehlerTitel}
        text={MESSAGES.netzwerkfehlerText}
        onClose={() => save.reset()}
      />
    </>
  );
}
