import { AUSKUNFT_TEXTS, datenauskunftDateiname } from '@dihs/contract/auskunft';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { getDatenauskunft } from '../api/auskunft-api.ts';

/** The patient's own profile: all their data as one file (DSGVO Art. 15 and 20; docs/datenexport.md). */
export function DatenauskunftSection() {
  const textId = useId();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
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
          onClick={() => void download()}
          loading={loading}
          aria-describedby={textId}
        >
          {AUSKUNFT_TEXTS.button}
        </Button>
      </Box>
      <MessageDialog
        open={error !== null}
        title={AUSKUNFT_TEXTS.fehlerTitel}
        text={error ?? ''}
        onClose={() => setError(null)}
      />
    </ProfileSection>
  );
}
