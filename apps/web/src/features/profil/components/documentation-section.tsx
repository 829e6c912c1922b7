import { formatDateTimeUhr } from '@dihs/contract/common/time';
import { dokumentationBodySchema, PROFIL_LIMITS } from '@dihs/contract/profil';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-fields.tsx';
import { MessageDialog } from '../../../components/message-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { getDokumentationPdf, useAddDokumentation, useDokumentation } from '../api/dokumentation-api.ts';
import { fullName } from '../../../lib/format.ts';
import { useContractForm } from '../../../lib/use-contract-form.ts';
import { useSaveFailure } from '../../../components/save-failure.tsx';

const entryFormSchema = z.object({ beitrag: dokumentationBodySchema });

interface DocumentationSectionProps {
  patientId: number;
  asOperator: boolean;
}

/** Documentation on a patient: the merged list, a new entry and the PDF download. */
export function DocumentationSection({ patientId, asOperator }: DocumentationSectionProps) {
  const titleId = useId();
  const list = useDokumentation(patientId, asOperator);
  const add = useAddDokumentation(patientId, asOperator);
  const { control, handleSubmit, formState, reset } = useContractForm(
    entryFormSchema,
    { beitrag: '' },
    { submitParsed: true },
  );
  const [downloading, setDownloading] = useState(false);
  const [pdfError, setPdfError] = useState({ open: false, text: '' });
  const { fail, dialog } = useSaveFailure();

  const submit = handleSubmit(async ({ beitrag }) => {
    try {
      await add.mutateAsync(beitrag);
      reset();
    } catch (failure) {
      fail(failure);
    }
  });

  async function downloadPdf() {
    setDownloading(true);
    try {
      saveFile(await getDokumentationPdf(patientId), `patientendokumentation-${patientId}.pdf`);
    } catch (failure) {
      setPdfError({ open: true, text: isApiError(failure) ? failure.message : String(failure) });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.35rem', mr: 'auto' }}>
          Dokumentation
        </Typography>
        <Button startIcon={<DownloadIcon />} onClick={() => void downloadPdf()} loading={downloading}>
          PDF herunterladen
        </Button>
      </Box>

      <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ mb: 2 }}>
        <FormTextField
          control={control}
          name="beitrag"
          label="Neuer Eintrag"
          multiline
          minRows={3}
          max={PROFIL_LIMITS.beitrag}
        />
        <Button type="submit" variant="contained" disabled={!formState.isValid} loading={add.isPending}>
          Eintrag hinzufügen
        </Button>
      </Box>

      {list.isError ? (
        <Alert severity="error">Die Dokumentation konnte nicht geladen werden.</Alert>
      ) : list.data && list.data.length === 0 ? (
        <Typography color="text.secondary">Es sind noch keine Einträge vorhanden.</Typography>
      ) : (
        <List aria-label="Einträge der Dokumentation" disablePadding>
          {(list.data ?? []).map((entry) => (
            <ListItem key={entry.id} divider disableGutters sx={{ display: 'block' }}>
              <Typography variant="subtitle2" component="p">
                {formatDateTimeUhr(entry.datum)} –{' '}
                {fullName({ vorname: entry.therapeutVorname, nachname: entry.therapeutNachname }) || 'Unbekannt'}
                {entry.email && (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {' '}
                    ({entry.email})
                  </Typography>
                )}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{entry.beitrag}</Typography>
            </ListItem>
          ))}
        </List>
      )}
      {dialog}
      <MessageDialog
        open={pdfError.open}
        title="Fehler"
        text={pdfError.text}
        onClose={() => setPdfError((current) => ({ ...current, open: false }))}
      />
    </Paper>
  );
}
