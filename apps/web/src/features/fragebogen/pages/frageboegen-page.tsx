import { fillPath, ROUTES } from '@dihs/contract/common/routes';
import { formatDateTimeDe } from '@dihs/contract/common/time';
import { FRAGEBOGEN_TEXTS, type PatientFragebogen } from '@dihs/contract/fragebogen';
import { profilEndpoints } from '@dihs/contract/profil';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { useEndpointQuery } from '../../../lib/endpoint-query.ts';
import { ladefehler } from '../../../lib/load-failure.ts';
import { useSession } from '../../../lib/session-context.ts';
import { useFocusOnMount } from '../../../lib/use-focus-on-mount.ts';
import { befundPdfHerunterladen, useNeuerPatientFragebogen, usePatientFrageboegen } from '../api/fragebogen-api.ts';
import { AuswahlListe } from '../components/auswahl-liste.tsx';
import { PatientFragebogenAnsicht } from '../components/patient-fragebogen-ansicht.tsx';
import { PatientFragebogenForm } from '../components/patient-fragebogen-form.tsx';

const status = (bogen: PatientFragebogen): string =>
  bogen.veroeffentlicht ? `Abgegeben am ${formatDateTimeDe(bogen.veroeffentlicht)}` : 'Entwurf';

/** The questionnaire's state; `fokus`: it replaced the form the patient submitted, and takes the keyboard focus. */
function Status({ bogen, fokus }: { bogen: PatientFragebogen; fokus: boolean }) {
  const ref = useFocusOnMount<HTMLParagraphElement>(fokus);
  return (
    <Typography ref={ref} tabIndex={-1} color="text.secondary" sx={{ mb: 2 }}>
      {status(bogen)}
    </Typography>
  );
}

function PatientKopf({ patientId, own }: { patientId: number; own: boolean }) {
  // the name is a courtesy: a viewer who may not read the profile still sees the questionnaires
  const name = useEndpointQuery(profilEndpoints.nameOnlyPatient, { params: { patientId } }, { retry: false });
  const text = name.data ? `${name.data.vorname} ${name.data.nachname}`.trim() : 'Patientenprofil';
  return (
    <Link
      component={RouterLink}
      to={own ? ROUTES.profil.path : fillPath(ROUTES.nutzerProfil.path, { userId: patientId })}
    >
      {text}
    </Link>
  );
}

function Frageboegen({ patientId, own }: { patientId: number; own: boolean }) {
  const liste = usePatientFrageboegen(patientId);
  const neu = useNeuerPatientFragebogen();
  const [selected, setSelected] = useState<number | null>(null);
  const [pdfFehler, setPdfFehler] = useState<string | null>(null);
  // the questionnaire just created or submitted: its status takes the focus from the button or form that went away
  const [abgegeben, setAbgegeben] = useState<number | null>(null);
  const [angelegt, setAngelegt] = useState<number | null>(null);

  return (
    <QueryState
      query={liste}
      loading="Befundfragebögen werden geladen"
      failed={ladefehler(liste.error, 'Die Befundfragebögen konnten nicht geladen werden.')}
    >
      {(frageboegen) => {
        const aktuell = frageboegen.find((b) => b.id === selected) ?? frageboegen[0];
        const entwurfVorhanden = frageboegen.some((b) => b.veroeffentlicht === null);
        return (
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '280px 1fr' } }}>
            <Paper
              variant="outlined"
              component="nav"
              aria-labelledby="frageboegen-kopf"
              sx={{ p: 1, alignSelf: 'start' }}
            >
              <Typography id="frageboegen-kopf" variant="h2" sx={{ fontSize: '1.1rem', p: 1 }}>
                Befundfragebögen von <PatientKopf patientId={patientId} own={own} />
              </Typography>
              {!entwurfVorhanden && (
                <Button
                  startIcon={<AddIcon />}
                  disabled={neu.isPending}
                  sx={{ m: 1 }}
                  onClick={() =>
                    neu.mutate(
                      { params: { patientId } },
                      {
                        onSuccess: (created) => {
                          setSelected(created.id);
                          setAngelegt(created.id);
                        },
                      },
                    )
                  }
                >
                  Neuer Befundfragebogen
                </Button>
              )}
              {neu.isError && <Alert severity="error">{neu.error.message}</Alert>}
              <AuswahlListe
                eintraege={frageboegen}
                gewaehlt={aktuell?.id}
                onWaehlen={setSelected}
                status={status}
                leer="Es gibt noch keine Befundfragebögen."
              />
            </Paper>
            {aktuell && (
              <Box component="section" aria-labelledby="befund-titel">
                <Typography id="befund-titel" variant="h2" sx={{ fontSize: '1.4rem' }}>
                  {aktuell.titel}
                </Typography>
                <Status
                  // a new element once submitted: it takes the focus from the form that gave way to it
                  key={aktuell.veroeffentlicht ?? 'entwurf'}
                  bogen={aktuell}
                  fokus={abgegeben === aktuell.id || angelegt === aktuell.id}
                />
                {aktuell.veroeffentlicht ? (
                  <>
                    <PatientFragebogenAnsicht bogen={aktuell} />
                    <Button
                      variant="outlined"
                      startIcon={<DownloadIcon />}
                      onClick={() => {
                        setPdfFehler(null);
                        befundPdfHerunterladen(aktuell.id).catch(() =>
                          setPdfFehler('Das PDF konnte nicht erstellt werden.'),
                        );
                      }}
                    >
                      PDF herunterladen
                    </Button>
                    {pdfFehler && <Alert severity="error">{pdfFehler}</Alert>}
                  </>
                ) : (
                  <PatientFragebogenForm
                    key={aktuell.id}
                    bogen={aktuell}
                    onAbgegeben={() => setAbgegeben(aktuell.id)}
                  />
                )}
              </Box>
            )}
          </Box>
        );
      }}
    </QueryState>
  );
}

/**
 * /patient/fragebogen/{patientId}: a patient's findings questionnaires (spec 3 "Questionnaires"). Without an id the
 * selected patient is the viewer, if a patient; otherwise there is none.
 */
export function FrageboegenPage() {
  const { patientId } = useParams();
  const { session } = useSession();
  const id = patientId ? Number(patientId) : session?.role === 'PATIENT' ? session.userId : null;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        Befundfragebögen
      </Typography>
      {id && Number.isInteger(id) && id > 0 ? (
        <Frageboegen patientId={id} own={session?.userId === id} />
      ) : (
        <Alert severity="warning">{FRAGEBOGEN_TEXTS.keinPatient}</Alert>
      )}
    </Container>
  );
}
