import { PROFIL_LIMITS, PROFIL_TEXTS } from '@dihs/contract/profil';
import UploadIcon from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent } from 'react';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { ProfilePhoto } from '../../../components/profile-photo.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useUploadProfilbild } from '../api/profilbild-api.ts';

interface PhotoUploadProps {
  userId: number;
  name: string;
  hasPhoto: boolean;
  /** Set when an operator uploads for the therapist; the own upload otherwise. */
  asOperator: boolean;
  editable: boolean;
  lockedReason?: string | undefined;
}

/** The therapist's profile photo with its upload (JPEG or PNG, at most 5 MB; the server strips metadata). */
export function PhotoUpload({ userId, name, hasPhoto, asOperator, editable, lockedReason }: PhotoUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadProfilbild(asOperator ? userId : undefined);
  const [failure, setFailure] = useState({ open: false, text: '' });

  async function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > PROFIL_LIMITS.profilbildBytes) {
      setFailure({ open: true, text: PROFIL_TEXTS.bildZuGross });
      return;
    }
    try {
      await upload.mutateAsync(file);
    } catch (error) {
      setFailure({ open: true, text: isApiError(error) ? error.message : PROFIL_TEXTS.bildUnlesbar });
    }
  }

  const button = (
    <Button
      startIcon={<UploadIcon />}
      onClick={() => input.current?.click()}
      loading={upload.isPending}
      disabled={!editable}
    >
      Foto hochladen
    </Button>
  );

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, py: 1.5 }}>
      <ProfilePhoto userId={userId} hasPhoto={hasPhoto} name={name} />
      <Box>
        <Typography variant="subtitle2" color="text.secondary" component="h3">
          Profilbild
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          JPEG oder PNG, höchstens 5 MB. Standortdaten und andere Metadaten werden entfernt.
        </Typography>
        {!editable && lockedReason ? (
          <Tooltip title={lockedReason}>
            <span tabIndex={0}>{button}</span>
          </Tooltip>
        ) : (
          button
        )}
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png"
          hidden
          aria-label="Profilbild auswählen"
          onChange={(event) => void chosen(event)}
        />
      </Box>
      <MessageDialog
        open={failure.open}
        title="Fehler beim Hochladen"
        text={failure.text}
        onClose={() => setFailure((current) => ({ ...current, open: false }))}
      />
    </Box>
  );
}
