import { MESSAGES } from '@dihs/contract/common/messages';
import { PRIVILEGE_LABELS, PRIVILEGES, ROLE_LABELS, ROLES } from '@dihs/contract/common/roles';
import type { FirmaKurz } from '@dihs/contract/firma';
import {
  INHALT_LIMITS,
  INHALT_TEXTS,
  pageSaveBodySchema,
  privilegesOfferedForPage,
  type PageContent,
  type PageSaveBody,
  type PageMeta,
  type PageSaved,
} from '@dihs/contract/inhalt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { FormSwitch, FormTextField } from '../../../components/form-fields.tsx';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { NetzwerkfehlerDialog } from '../../../components/message-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { DateiAuswahl } from '../../../components/datei-auswahl.tsx';
import { useAuthority } from '../api/get-authority.ts';
import { useFirmenAuswahl } from '../api/get-firmen-auswahl.ts';
import { usePageMeta } from '../api/get-page-meta.ts';
import { useSavePage } from '../api/save-page.ts';
import { RichTextEditor } from './rich-text-editor.tsx';

/** The select's value for "Keine Firma" (id null). */
const NO_FIRMA = '';

/** A static page keeps its url and access rules (the server ignores them): only title, image and content count. */
const staticPageSchema = pageSaveBodySchema.extend({
  url: z.string(),
  berechtigte: z.array(z.number()),
  berechtigteRollen: z.array(z.number()),
  firmaId: z.number().nullable(),
});

interface PageEditorProps {
  url: string;
  page: PageContent;
  onSaved: (saved: PageSaved) => void;
  onCancel: () => void;
}

/** Edit mode of a content page: loads the meta, the authority lists and the companies, then shows the form. */
export function PageEditor(props: PageEditorProps) {
  const meta = usePageMeta(props.url);
  const authority = useAuthority();
  const firmen = useFirmenAuswahl();
  if (meta.isPending || authority.isPending || firmen.isPending)
    return <LoadingIndicator label="Editor wird geladen" />;
  if (meta.isError || authority.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={props.onCancel}>
            Zurück
          </Button>
        }
      >
        {MESSAGES.netzwerkfehlerTitel}: Die Seite konnte nicht zum Bearbeiten geladen werden.
      </Alert>
    );
  }
  return (
    <PageEditorForm
      {...props}
      meta={meta.data}
      allPrivileges={authority.data.privileges ?? PRIVILEGES.map((_, code) => code)}
      firmen={firmen.data ?? []}
      firmenFailed={firmen.isError}
    />
  );
}

interface PageEditorFormProps extends PageEditorProps {
  meta: PageMeta;
  allPrivileges: number[];
  firmen: FirmaKurz[];
  firmenFailed: boolean;
}

function PageEditorForm({
  url,
  page,
  meta,
  allPrivileges,
  firmen,
  firmenFailed,
  onSaved,
  onCancel,
}: PageEditorFormProps) {
  const statisch = page.statischeUrl;
  const ids = { firma: useId(), rollen: useId(), rechte: useId() };
  const save = useSavePage(url);
  const schema: z.ZodType<unknown, PageSaveBody> = statisch ? staticPageSchema : pageSaveBodySchema;
  const { control, handleSubmit, formState, watch, setValue } = useContractForm(
    schema,
    { ...meta, titel: page.titel, bild: page.bild ?? '', inhalt: page.inhalt, url },
    {
      onEdit: () => {
        if (save.isError) save.reset();
      },
    },
  );
  const refusal = isApiError(save.error, 400, 404) ? save.error.message : undefined;
  const offeredPrivileges = privilegesOfferedForPage(allPrivileges, watch('berechtigteRollen'));

  const submit = handleSubmit((form) => {
    if (!save.isPending) save.mutate({ ...form, bild: form.bild || null }, { onSuccess: onSaved });
  });

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={(event) => void submit(event)}
      sx={{ p: { xs: 2, md: 3 } }}
      aria-label="Seite bearbeiten"
    >
      <Typography variant="h2" component="h2" gutterBottom>
        Seite bearbeiten
      </Typography>
      <FormTextField control={control} name="titel" label="Titel" required max={INHALT_LIMITS.titel} />
      {!statisch && <FormTextField control={control} name="url" label="Url" required max={INHALT_LIMITS.url} />}
      <FormTextField
        control={control}
        name="bild"
        label="Bild"
        placeholder="/api/files/12-bild.png"
        helperText="Pfad eines hochgeladenen Bildes, z. B. /api/files/12-bild.png"
      />
      <DateiAuswahl
        label="Hochgeladenes Bild wählen"
        onPick={(pfad) => setValue('bild', pfad, { shouldDirty: true, shouldValidate: true })}
      />
      {!statisch && (
        <Stack spacing={1} sx={{ my: 2 }}>
          <FormGroup row sx={{ gap: 2 }}>
            <FormSwitch control={control} name="aktiv" label="Aktiv" />
            <FormSwitch control={control} name="oeffentlich" label="Öffentlich (auch für nicht angemeldete Besucher)" />
          </FormGroup>
          <FormControl fullWidth margin="dense">
            <InputLabel id={ids.firma}>Firma</InputLabel>
            <Controller
              control={control}
              name="firmaId"
              render={({ field }) => (
                <Select
                  labelId={ids.firma}
                  label="Firma"
                  value={field.value === null ? NO_FIRMA : String(field.value)}
                  onChange={(event) =>
                    field.onChange(event.target.value === NO_FIRMA ? null : Number(event.target.value))
                  }
                  onBlur={field.onBlur}
                >
                  <MenuItem value={NO_FIRMA}>{INHALT_TEXTS.keineFirma}</MenuItem>
                  {firmen.map((firma) => (
                    <MenuItem key={firma.id} value={String(firma.id)}>
                      {firma.bezeichner}
                    </MenuItem>
                  ))}
                  {/* a company the list did not bring (load failed) stays selectable as it is */}
                  {field.value !== null && !firmen.some((firma) => firma.id === field.value) && (
                    <MenuItem value={String(field.value)}>Firma {field.value}</MenuItem>
                  )}
                </Select>
              )}
            />
            {firmenFailed && <FormHelperText>Die Firmen konnten nicht geladen werden.</FormHelperText>}
          </FormControl>
          <FormControl fullWidth margin="dense">
            <InputLabel id={ids.rollen}>Berechtigte Rollen</InputLabel>
            <Controller
              control={control}
              name="berechtigteRollen"
              render={({ field }) => (
                <Select<number[]>
                  labelId={ids.rollen}
                  label="Berechtigte Rollen"
                  multiple
                  value={field.value}
                  renderValue={(codes) => codes.map((code) => ROLE_LABELS[ROLES[code]!]).join(', ')}
                  onChange={(event) => {
                    field.onChange(typeof event.target.value === 'string' ? [] : event.target.value);
                    // the privileges offered depend on the roles, so a role change starts them anew (spec 3)
                    setValue('berechtigte', [], { shouldDirty: true, shouldValidate: true });
                  }}
                  onBlur={field.onBlur}
                >
                  {ROLES.map((role, code) => (
                    <MenuItem key={role} value={code}>
                      <Checkbox checked={field.value.includes(code)} />
                      <ListItemText primary={ROLE_LABELS[role]} />
                    </MenuItem>
                  ))}
                </Select>
              )}
            />
            <FormHelperText>Leer: keine Einschränkung nach Rolle.</FormHelperText>
          </FormControl>
          <FormControl fullWidth margin="dense">
            <InputLabel id={ids.rechte}>Berechtigte Rechte</InputLabel>
            <Controller
              control={control}
              name="berechtigte"
              render={({ field }) => (
                <Select<number[]>
                  labelId={ids.rechte}
                  label="Berechtigte Rechte"
                  multiple
                  value={field.value}
                  renderValue={(codes) => codes.map((code) => PRIVILEGE_LABELS[PRIVILEGES[code]!]).join(', ')}
                  onChange={(event) => field.onChange(typeof event.target.value === 'string' ? [] : event.target.value)}
                  onBlur={field.onBlur}
                >
                  {offeredPrivileges.map((code) => (
                    <MenuItem key={code} value={code}>
                      <Checkbox checked={field.value.includes(code)} />
                      <ListItemText primary={PRIVILEGE_LABELS[PRIVILEGES[code]!]} />
                    </MenuItem>
                  ))}
                </Select>
              )}
            />
            <FormHelperText>
              Rechte, die eine gewählte Rolle schon umfasst, werden nicht angeboten. Die Seite sieht, wer eine der
              Rollen oder eines der Rechte hat.
            </FormHelperText>
          </FormControl>
        </Stack>
      )}
      <Box sx={{ mt: 2 }}>
        <Controller
          control={control}
          name="inhalt"
          render={({ field, fieldState }) => (
            <>
              <RichTextEditor label="Inhalt" initialHtml={page.inhalt} onChange={field.onChange} />
              {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
            </>
          )}
        />
      </Box>
      {refusal && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {refusal}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
        <Button onClick={onCancel} disabled={save.isPending}>
          Abbrechen
        </Button>
        <Button type="submit" variant="contained" disabled={!formState.isValid} loading={save.isPending}>
          Speichern
        </Button>
      </Box>
      <NetzwerkfehlerDialog open={save.isError && !refusal} onClose={() => save.reset()} />
    </Paper>
  );
}
