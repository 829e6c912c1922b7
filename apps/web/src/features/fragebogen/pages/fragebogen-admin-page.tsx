import { formatDateTimeDe } from '@dihs/contract/common/time';
import { FRAGEBOGEN_FHIR_TEXTS, type FragebogenDefinition } from '@dihs/contract/fragebogen';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state.tsx';
import { savedText, useSaveNotice } from '../../../components/save-notice.tsx';
import { fhirHerunterladen, useDefinitionen, useNeueDefinition } from '../api/fragebogen-api.ts';
import { AuswahlListe } from '../components/auswahl-liste.tsx';
import { DefinitionAnsicht } from '../components/definition-ansicht.tsx';
import { DefinitionEditor } from '../components/definition-editor.tsx';
import { FhirImport } from '../components/fhir-import.tsx';

const status = (definition: FragebogenDefinition): string =>
  definition.veroeffentlicht ? `Veröffentlicht am ${formatDateTimeDe(definition.veroeffentlicht)}` : 'Entwurf';

/** /betreiber/fragebogen: the questionnaire definitions, draft first, and the editor (spec 3). */
export function FragebogenAdminPage() {
  const definitionen = useDefinitionen();
  const neu = useNeueDefinition();
  const [selected, setSelected] = useState<number | null>(null);
  const notify = useSaveNotice();
  const [downloadFehler, setDownloadFehler] = useState<number | null>(null);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        Fragebogen editieren
      </Typography>
      <QueryState
        query={definitionen}
        loading="Fragebögen werden geladen"
        failed="Die Fragebögen konnten nicht geladen werden."
      >
        {(liste) => {
          const aktuell = liste.find((d) => d.id === selected) ?? liste[0];
          const entwurfVorhanden = liste.some((d) => d.veroeffentlicht === null);
          return (
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '280px 1fr' } }}>
              <Paper variant="outlined" component="nav" aria-label="Fragebögen" sx={{ p: 1, alignSelf: 'start' }}>
                {/* the button is hidden while a draft exists (spec 3) */}
                {!entwurfVorhanden && (
                  <Button
                    startIcon={<AddIcon />}
                    disabled={neu.isPending}
                    onClick={() =>
                      neu.mutate(undefined, {
                        onSuccess: (created) => {
                          setSelected(created.id);
                          notify({ text: savedText('Fragebogen', created.titel, true) });
                        },
                      })
                    }
                    sx={{ m: 1 }}
                  >
                    Neuer Fragebogen
                  </Button>
                )}
                {neu.isError && <Alert severity="error">{neu.error.message}</Alert>}
                {/* an import is a new draft: offered when "Neuer Fragebogen" is */}
                {!entwurfVorhanden && (
                  <FhirImport
                    onImportiert={(importiert) => {
                      setSelected(importiert.id);
                      notify({ text: FRAGEBOGEN_FHIR_TEXTS.importiert(importiert.titel) });
                    }}
                  />
                )}
                <AuswahlListe
                  eintraege={liste}
                  gewaehlt={aktuell?.id}
                  onWaehlen={setSelected}
                  status={status}
                  leer="Es gibt noch keinen Fragebogen."
                />
              </Paper>
              <Box component="section" aria-labelledby="fragebogen-titel">
                {aktuell && (
                  <>
                    <Typography id="fragebogen-titel" variant="h2" sx={{ fontSize: '1.4rem' }}>
                      {aktuell.titel}
                    </Typography>
                    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
                      <Typography color="text.secondary">{status(aktuell)}</Typography>
                      <Button
                        size="small"
                        variant="outlined"
                        startIcon={<DownloadIcon />}
                        onClick={() => {
                          setDownloadFehler(null);
                          fhirHerunterladen(aktuell.id).catch(() => setDownloadFehler(aktuell.id));
                        }}
                      >
                        {FRAGEBOGEN_FHIR_TEXTS.herunterladen}
                      </Button>
                    </Box>
                    {downloadFehler === aktuell.id && (
                      <Alert severity="error" sx={{ mb: 2 }} onClose={() => setDownloadFehler(null)}>
                        {FRAGEBOGEN_FHIR_TEXTS.herunterladenFehler}
                      </Alert>
                    )}
                    {aktuell.veroeffentlicht ? (
                      <DefinitionAnsicht definition={aktuell} />
                    ) : (
                      <DefinitionEditor key={aktuell.id} definition={aktuell} />
                    )}
                  </>
                )}
              </Box>
            </Box>
          );
        }}
      </QueryState>
    </Container>
  );
}
