import { AUSKUNFT_TEXTS, datenauskunftDateiname, fhirDateiname } from '@dihs/contract/auskunft';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { getDatenauskunft, getFhirAuskunft } from '../api/auskunft-api.ts';

type Format = 'json' | 'fhir';
const DOWNLOADS: Record<Format, { get: () => Promise<Blob>; name: () => string }> = {
  json: { get: getDatenauskunft, name: () => datenauskunftDateiname() },
  fhir: { get: getFhirAuskunft, name: () => fhirDateiname() },
};

/**
 * The patient's own profile: all their data as one file (DSGVO Art. 15 and 20; docs/datenexport.md), or their
 * treatment records as a FHIR R4 Bundle (§ 386 SGB V; docs/fhir.md). Either download starts only after the patient
 * has read that the file is unencrypted health data (O.Data_2).
 */
export function DatenauskunftSection() {
  const textId = useId();
  const [asking, setAsking] = useState<Format | null>(null);
  const [loading, setLoading] = useState<Format | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function download(format: Format) {
    setAsking(null);
    setLoading(format);
    try {
      saveFile(await DOWNLOADS[format].get(), DOWNLOADS[format].name());
    } catch (failure) {
      // the server's German message where it gave one (a session that ended); otherwise ours
      setError(isApiError(failure) && failure.status < 500 ? failure.message : AUSKUNFT_TEXTS.fehler);
    } finally {
      setLoading(null);
    }
  }

  return (
    <ProfileSection title={AUSKUNFT_TEXTS.titel}>
      <Box sx={{ py: 1.5, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Typography id={textId} sx={{ flex: '1 1 24rem' }}>
          {AUSKUNFT_TEXTS.erklaerung} {AUSKUNFT_TEXTS.fhirErklaerung}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => setAsking('json')}
            loading={loading === 'json'}
            disabled={loading === 'fhir'}
            aria-describedby={textId}
          >
            {AUSKUNFT_TEXTS.button}
          </Button>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => setAsking('fhir')}
            loading={loading === 'fhir'}
            disabled={loading === 'json'}
            aria-describedby={textId}
          >
            {AUSKUNFT_TEXTS.fhirButton}
          </Button>
        </Box>
      </Box>
      <ConfirmDialog
        open={asking !== null}
        title={AUSKUNFT_TEXTS.warnungTitel}
        text={AUSKUNFT_TEXTS.warnung}
        confirmLabel={AUSKUNFT_TEXTS.warnungBestaetigen}
        onConfirm={() => asking && void download(asking)}
        onCancel={() => setAsking(null)}
      />
      <MessageDialog
        open={error !== null}
        title={AUSKUNFT_TEXTS.fehlerTitel}
        text={error ?? ''}
        onClose={() => setError(null)}
      />
    </ProfileSection>
  );
}
