import {
  TERMIN_LIMITS,
  TERMINTYP_LABELS,
  TERMINTYPEN,
  type Termin,
  type TerminStatus,
  type Termintyp,
} from '@dihs/contract/termin';
import { formatDayDe, utcToBerlin } from '@dihs/contract/common/time';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormCheckbox, FormTextField } from '../../../components/form-fields.tsx';
import { SaveFormDialog } from '../../../components/form-dialog.tsx';
import { savedText, useSavedAndClose } from '../../../components/save-notice.tsx';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useBefunde, useFirmenAuswahl, useSaveTermin, useTherapeutenAuswahl } from '../api/termine-betreiber-api.ts';
import {
  EMPTY_TERMIN_FORM,
  formOfTermin,
  maxTeilnehmerEditable,
  terminFormValuesSchema,
  toTerminBody,
  withTermintyp,
  type TerminFormValues,
} from '../termin-form-state.ts';
import { TerminStatusButton } from './termin-status-button.tsx';
import { FormTextPicker } from '../../../components/text-date-pickers.tsx';

/** The operator list's name for its saved-row mark (save-notice.tsx). */
export const TERMINE_LIST = 'termine';

/** How a saved appointment is named in the snackbar: its Befund and when. */
export function terminName(termin: Pick<Termin, 'befund' | 'datum'>): string {
  const [tag, uhrzeit] = utcToBerlin(termin.datum);
  return `${termin.befund}, ${formatDayDe(tag)} ${uhrzeit} Uhr`;
}

interface TerminFormDialogProps {
  /** The appointment to change; null plans a new one. */
  termin: Termin | null;
  onClose: () => void;
}

/** The appointment form of spec 2 section 5: every field with its rule, Speichern disabled until valid. */
export function TerminFormDialog({ termin, onClose }: TerminFormDialogProps) {
  const [status, setStatus] = useState<TerminStatus | null>(termin?.status ?? null);
  const save = useSaveTermin();
  const savedAndClose = useSavedAndClose(onClose);
  const befunde = useBefunde();
  const therapeuten = useTherapeutenAuswahl();
  const firmen = useFirmenAuswahl();
  const form = useContractForm<TerminFormValues>(
    terminFormValuesSchema,
    termin ? formOfTermin(termin) : EMPTY_TERMIN_FORM,
    {
      save,
    },
  );
  const { control, getValues, setValue, trigger, reset } = form;
  // only these values change which fields show: the rest re-renders just its own field
  const [termintyp, istFirmentermin] = useWatch({ control, name: ['termintyp', 'istFirmentermin'] });

  // a stored Befund that was removed from the settings list stays selectable for its appointment
  const befundOptions = [
    ...new Set([...(befunde.data ?? []).map((entry) => entry.value), ...(termin ? [termin.befund] : [])]),
  ];

  return (
    <SaveFormDialog
      title={termin ? 'Termin ändern' : 'Termin hinzufügen'}
      maxWidth="md"
      form={form}
      save={save}
      onSave={(values) =>
        save.mutate(toTerminBody(values), {
          onSuccess: (saved) =>
            savedAndClose({
              text: savedText('Termin', terminName(saved), termin === null),
              row: { list: TERMINE_LIST, id: saved.id },
            }),
        })
      }
      onClose={onClose}
      refusedWith={[400, 404]}
      cancelLabel="Zurück"
      actions={
        <>
          {termin && status && (
            <Box sx={{ mr: 'auto' }}>
              <TerminStatusButton terminId={termin.id} status={status} befund={termin.befund} onChanged={setStatus} />
            </Box>
          )}
          <Button onClick={() => reset({ ...EMPTY_TERMIN_FORM, id: getValues('id') })} disabled={save.isPending}>
            Formular Leeren
          </Button>
        </>
      }
    >
      <FormTextField
        control={control}
        name="befund"
        select
        required
        label="Befund"
        helperText={befunde.isError ? 'Die Befunde konnten nicht geladen werden.' : ' '}
      >
        {befundOptions.map((value) => (
          <MenuItem key={value} value={value}>
            {value}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField
        control={control}
        name="details"
        label="Details"
        required
        multiline
        minRows={2}
        max={TERMIN_LIMITS.details}
      />
      <FormTextField
        control={control}
        name="termintyp"
        select
        required
        label="Terminart"
        helperText=" "
        parse={(text) => {
          // EINZEL holds one participant, "Jeder sieht jeden" only GRUPPE: the fields follow the type first
          const next = withTermintyp(getValues(), text as Termintyp);
          setValue('maxTeilnehmer', next.maxTeilnehmer, { shouldDirty: true });
          setValue('everyoneView', next.everyoneView, { shouldDirty: true });
          return next.termintyp;
        }}
      >
        {TERMINTYPEN.map((typ) => (
          <MenuItem key={typ} value={typ}>
            {TERMINTYP_LABELS[typ]}
          </MenuItem>
        ))}
      </FormTextField>
      {termintyp === 'GRUPPE' && (
        <FormCheckbox control={control} name="everyoneView" label="Jeder sieht jeden in diesem Termin" />
      )}
      <FormCheckbox
        control={control}
        name="istFirmentermin"
        label="Firmentermin"
        onToggle={(checked) => {
          if (!checked) setValue('firmaId', null);
          // the company's message shows as soon as a company appointment has none
          void trigger('firmaId');
        }}
      />
      {istFirmentermin && (
        <FormTextField
          control={control}
          name="firmaId"
          select
          required
          label="Firma"
          helperText=" "
          parse={(text) => Number(text)}
        >
          {(firmen.data ?? []).map((firma) => (
            <MenuItem key={firma.id} value={firma.id}>
              {firma.bezeichner}
            </MenuItem>
          ))}
        </FormTextField>
      )}
      <FormTextField
        control={control}
        name="therapeutId"
        select
        required
        label="Therapeut"
        helperText=" "
        parse={(text) => Number(text)}
      >
        {(therapeuten.data ?? []).map((therapeut) => (
          <MenuItem key={therapeut.id} value={therapeut.id}>
            {therapeut.vorname} {therapeut.nachname}
          </MenuItem>
        ))}
      </FormTextField>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextPicker control={control} name="datum" kind="datum" required label="Datum" helperText="TT.MM.JJJJ" />
        <FormTextPicker
          control={control}
          name="uhrzeit"
          kind="uhrzeit"
          required
          label="Uhrzeit"
          helperText="HH:MM, 24 Stunden, Berliner Zeit"
        />
        <FormTextField
          control={control}
          name="maxTeilnehmer"
          type="number"
          fullWidth={false}
          required
          label="Max. Teilnehmer (Pers.)"
          disabled={!maxTeilnehmerEditable({ ...EMPTY_TERMIN_FORM, termintyp })}
          helperText=" "
          slotProps={{ htmlInput: { min: 1, max: TERMIN_LIMITS.maxTeilnehmerMax } }}
        />
        <FormTextField
          control={control}
          name="dauer"
          type="number"
          fullWidth={false}
          required
          label="Dauer (Min.)"
          helperText=" "
          slotProps={{ htmlInput: { min: TERMIN_LIMITS.dauerMin, max: TERMIN_LIMITS.dauerMax } }}
        />
      </Box>
    </SaveFormDialog>
  );
}
