import { FRAGEBOGEN_FHIR_TEXTS as T, type FragebogenDefinition } from '@dihs/contract/fragebogen';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { useFhirImport } from '../api/fragebogen-api.ts';

/**
 * "FHIR-Fragebogen importieren": a real button opens the file choice (keyboard and screen readers reach the button;
 * the input itself stays out of the tab order), the chosen file is sent at once. The server's refusal names the
 * question and shows below, as an alert.
 */
export function FhirImport({ onImportiert }: { onImportiert: (definition: FragebogenDefinition) => void }) {
  const hinweisId = useId();
  const input = useRef<HTMLInputElement>(null);
  const importieren = useFhirImport();

  return (
    <>
      <Button
        startIcon={<UploadFileIcon />}
        disabled={importieren.isPending}
        aria-describedby={hinweisId}
        onClick={() => input.current?.click()}
        sx={{ mx: 1, mb: 1 }}
      >
        {T.importieren}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept=".json,application/json,application/fhir+json"
        aria-label={T.importieren}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // the same file chosen again after a refusal must fire again
          event.target.value = '';
          if (file) importieren.mutate(file, { onSuccess: onImportiert });
        }}
      />
      <Typography id={hinweisId} variant="body2" color="text.secondary" sx={{ mx: 2, mb: 1 }}>
        {T.importHinweis}
      </Typography>
      {importieren.isError && (
        <Alert severity="error" sx={{ m: 1 }}>
          <AlertTitle>{T.importFehlerTitel}</AlertTitle>
          {importieren.error.message}
        </Alert>
      )}
    </>
  );
}
