import { MESSAGES } from '@dihs/contract/common/messages';
import { PRIVILEGE_LABELS, PRIVILEGES, ROLE_LABELS, ROLES } from '@dihs/contract/common/roles';
import type { FirmaKurz } from '@dihs/contract/firma';
import {
  INHALT_LIMITS,
  INHALT_TEXTS,
  pageSaveBodySchema,
  privilegesOfferedForPage,
  type PageContent,
  type PageMeta,
  type PageSaved,
} from '@dihs/contract/inhalt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { CountedTextField } from '../../../components/counted-text-field.tsx';
import { LoadingIndicator } from '../../../components/loading-indicator.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAuthority } from '../api/get-authority.ts';
import { useFirmenAuswahl } from '../api/get-firmen-auswahl.ts';
import { usePageMeta } from '../api/get-page-meta.ts';
import { useSavePage } from '../api/save-page.ts';
import { RichTextEditor } from './rich-text-editor.tsx';

interface PageForm extends PageMeta {
  titel: string;
  bild: string;
  inhalt: string;
  url: string;
}
type TextField = 'titel' | 'bild' | 'url' | 'inhalt';

/** The select's value for "Keine Firma" (id null). */
const NO_FIRMA = '';

function fieldErrors(form: PageForm, statisch: boolean): Partial<Record<TextField, string>> {
  const result = pageSaveBodySchema.safeParse(form);
  const errors: Partial<Record<TextField, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as TextField;
    // a static page keeps its url and access rules; the server ignores them
    if (statisch && !['titel', 'bild', 'inhalt'].includes(field)) continue;
    errors[field] ??= issue.message;
  }
  return errors;
}

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
  const [form, setForm] = useState<PageForm>(() => ({
    ...meta,
    titel: page.titel,
    bild: page.bild ?? '',
    inhalt: page.inhalt,
    url,
  }));
  const [touched, setTouched] = useState<ReadonlySet<TextField>>(new Set());
  const save = useSavePage(url);

  const errors = fieldErrors(form, statisch);
  const valid = Object.keys(errors).length === 0;
  const shown = (field: TextField) => (touched.has(field) ? errors[field] : undefined);
  const refusal = isApiError(save.error, 400, 404) ? save.error.message : undefined;
  const offeredPrivileges = privilegesOfferedForPage(allPrivileges, form.berechtigteRollen);

  const touch = (field: TextField) => setTouched((current) => new Set(current).add(field));
  const set = <K extends keyof PageForm>(key: K, value: PageForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    if (save.isError) save.reset();
  };
  const setText = (field: TextField) => (value: string) => {
    set(field, value);
    touch(field);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(new Set(['titel', 'bild', 'url', 'inhalt']));
    if (!valid || save.isPending) return;
    save.mutate({ ...form, bild: form.bild || null }, { onSuccess: onSaved });
  }

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={submit}
      sx={{ p: { xs: 2, md: 3 } }}
      aria-label="Seite bearbeiten"
    >
      <Typography variant="h2" component="h2" gutterBottom>
        Seite bearbeiten
      </Typography>
      <CountedTextField
        label="Titel"
        required
        value={form.titel}
        onChange={setText('titel')}
        onBlur={() => touch('titel')}
        max={INHALT_LIMITS.titel}
        error={shown('titel')}
      />
      {!statisch && (
        <CountedTextField
          label="Url"
          required
          value={form.url}
          onChange={setText('url')}
          onBlur={() => touch('url')}
          max={INHALT_LIMITS.url}
          error={shown('url')}
        />
      )}
      <TextField
        label="Bild"
        fullWidth
        margin="dense"
        placeholder="/api/files/bild.png"
        value={form.bild}
        onChange={(event) => setText('bild')(event.target.value)}
        onBlur={() => touch('bild')}
        error={Boolean(shown('bild'))}
        helperText={shown('bild') ?? 'Pfad eines hochgeladenen Bildes dieser Seite, z. B. /api/files/bild.png'}
      />
      {!statisch && (
        <Stack spacing={1} sx={{ my: 2 }}>
          <FormGroup row sx={{ gap: 2 }}>
            <FormControlLabel
              label="Aktiv"
              control={<Switch checked={form.aktiv} onChange={(event) => set('aktiv', event.target.checked)} />}
            />
            <FormControlLabel
              label="Öffentlich (auch für nicht angemeldete Besucher)"
              control={
                <Switch checked={form.oeffentlich} onChange={(event) => set('oeffentlich', event.target.checked)} />
              }
            />
          </FormGroup>
          <FormControl fullWidth margin="dense">
            <InputLabel id={ids.firma}>Firma</InputLabel>
            <Select
              labelId={ids.firma}
              label="Firma"
              value={form.firmaId === null ? NO_FIRMA : String(form.firmaId)}
              onChange={(event) => set('firmaId', event.target.value === NO_FIRMA ? null : Number(event.target.value))}
            >
              <MenuItem value={NO_FIRMA}>{INHALT_TEXTS.keineFirma}</MenuItem>
              {firmen.map((firma) => (
                <MenuItem key={firma.id} value={String(firma.id)}>
                  {firma.bezeichner}
                </MenuItem>
              ))}
              {/* a company the list did not bring (load failed) stays selectable as it is */}
              {form.firmaId !== null && !firmen.some((firma) => firma.id === form.firmaId) && (
                <MenuItem value={String(form.firmaId)}>Firma {form.firmaId}</MenuItem>
              )}
            </Select>
            {firmenFailed && <FormHelperText>Die Firmen konnten nicht geladen werden.</FormHelperText>}
          </FormControl>
          <FormControl fullWidth margin="dense">
            <InputLabel id={ids.rollen}>Berechtigte Rollen</InputLabel>
            <Select<number[]>
              labelId={ids.rollen}
              label="Berechtigte Rollen"
              multiple
              value={form.berechtigteRollen}
              renderValue={(codes) => codes.map((code) => ROLE_LABELS[ROLES[code]!]).join(', ')}
              onChange={(event) => {
                const codes = typeof event.target.value === 'string' ? [] : event.target.value;
                // the privileges offered depend on the roles, so a role change starts them anew (spec 3)
                setForm((current) => ({ ...current, berechtigteRollen: codes, berechtigte: [] }));
              }}
            >
              {ROLES.map((role, code) => (
                <MenuItem key={role} value={code}>
                  <Checkbox checked={form.berechtigteRollen.includes(code)} />
                  <ListItemText primary={ROLE_LABELS[role]} />
                </MenuItem>
              ))}
            </Select>
            <FormHelperText>Leer: keine Einschränkung nach Rolle.</FormHelperText>
          </FormControl>
          <FormControl fullWidth margin="dense">
            <InputLabel id={ids.rechte}>Berechtigte Rechte</InputLabel>
            <Select<number[]>
              labelId={ids.rechte}
              label="Berechtigte Rechte"
              multiple
              value={form.berechtigte}
              renderValue={(codes) => codes.map((code) => PRIVILEGE_LABELS[PRIVILEGES[code]!]).join(', ')}
              onChange={(event) => set('berechtigte', typeof event.target.value === 'string' ? [] : event.target.value)}
            >
              {offeredPrivileges.map((code) => (
                <MenuItem key={code} value={code}>
                  <Checkbox checked={form.berechtigte.includes(code)} />
                  <ListItemText primary={PRIVILEGE_LABELS[PRIVILEGES[code]!]} />
                </MenuItem>
              ))}
            </Select>
            <FormHelperText>
              Rechte, die eine gewählte Rolle schon umfasst, werden nicht angeboten. Die Seite sieht, wer eine der
              Rollen oder eines der Rechte hat.
            </FormHelperText>
          </FormControl>
        </Stack>
      )}
      <Box sx={{ mt: 2 }}>
        <RichTextEditor label="Inhalt" initialHtml={page.inhalt} onChange={setText('inhalt')} />
        {shown('inhalt') && <FormHelperText error>{shown('inhalt')}</FormHelperText>}
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
        <Button type="submit" variant="contained" disabled={!valid} loading={save.isPending}>
          Speichern
        </Button>
      </Box>
      <MessageDialog
        open={save.isError && !refusal}
        title={MESSAGES.netzwerkfehlerTitel}
        text={MESSAGES.netzwerkfehlerText}
        onClose={() => save.reset()}
      />
    </Paper>
  );
}
