import { hasPrivilege } from '@dihs/contract/common/roles';
import { dateiEndpoints } from '@dihs/contract/datei';
import TextField from '@mui/material/TextField';
import { useEndpointQuery } from '../lib/endpoint-query.ts';
import { useSession } from '../lib/session-context.ts';

interface DateiAuswahlProps {
  label: string;
  /** Called with the chosen file's path (/api/files/…). */
  onPick: (url: string) => void;
  /** Only images (page images, logos), or PDFs too (links in a page's text). */
  nurBilder?: boolean;
}

const IST_BILD = /\.(png|jpe?g)$/i;

/**
 * A select of the operator uploads (GET /files/) that hands the chosen path to a field: page images, company
 * logos. Shown only to operators who may read the list.
 */
export function DateiAuswahl({ label, onPick, nurBilder = true }: DateiAuswahlProps) {
  const { session } = useSession();
  const darf =
    session?.role === 'BETREIBER' &&
    (['DATEIEN_HOCHLADEN', 'INHALT_EDITIEREN', 'BENUTZER_VERWALTEN'] as const).some((p) =>
      hasPrivilege(session.privileges, p),
    );
  const dateien = useEndpointQuery(dateiEndpoints.liste, undefined, { enabled: darf });
  if (!darf) return null;
  const liste = (dateien.data ?? []).filter((datei) => !nurBilder || IST_BILD.test(datei.url));
  return (
    <TextField
      select
      fullWidth
      margin="dense"
      size="small"
      label={label}
      value=""
      disabled={liste.length === 0}
      helperText={liste.length === 0 ? 'Noch keine hochgeladenen Dateien (Dateien hochladen).' : ' '}
      // a native select: keyboard and screen readers work as everywhere else; the hint says why the field is
      // disabled, so it keeps the normal text colour (disabled grey on white fails the contrast minimum)
      slotProps={{ select: { native: true }, inputLabel: { shrink: true }, formHelperText: { disabled: false } }}
      onChange={(event) => {
        if (event.target.value) onPick(event.target.value);
      }}
    >
      <option value="">Bitte wählen</option>
      {liste.map((datei) => (
        <option key={datei.id} value={datei.url}>
          {datei.fileName}
          {datei.description ? ` – ${datei.description}` : ''}
        </option>
      ))}
    </TextField>
  );
}
