import { AUSKUNFT_TEXTS, datenauskunftDateiname } from '@dihs/contract/auskunft';
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
import { getDatenauskunft } from '../api/auskunft-api.ts';

/**
 * The patient's own profile: all their data as one file (DSGVO Art. 15 and 20; docs/datenexport.md). The download
 * starts only after the patient has read that the file is unencrypted health data (O.Data_2).
 */
export function DatenauskunftSection() {
  const textId = useId();
  const [asking, setAsking] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setAsking(false);
    setLoading(true);
    try {
      saveFile(await getDatenauskunft(), datenauskunftDateiname());
    } catch (failure) {
      // the server's German message where it gave one (a session that ended); otherwise ours
      setError(isApiError(failure) && failure.status < 500 ? failure.message : AUSKUNFT_TEXTS.fehler);
    } finally {
      setLoading(false);
    }
  }

  return (
    <ProfileSection title={AUSKUNFT_TEXTS.titel}>
      <Box sx={{ py: 1.5, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Typography id={textId} sx={{ flex: '1 1 24rem' }}>
          {AUSKUNFT_TEXTS.erklaerung}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => setAsking(true)}
          loading={loading}
          aria-describedby={textId}
        >
          {AUSKUNFT_TEXTS.button}
        </Button>
      </Box>
      <ConfirmDialog
        open={asking}
        title={AUSKUNFT_TEXTS.warnungTitel}
        text={AUSKUNFT_TEXTS.warnung}
        confirmLabel={AUSKUNFT_TEXTS.warnungBestaetigen}
        onConfirm={() => void download()}
        onCancel={() => setAsking(false)}
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
