import { ROUTES } from '@dihs/contract/common/routes';
import { TRAINING_TEXTS, type PlanEintrag } from '@dihs/contract/training';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '../../../components/button-link.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { VideoVorschau } from '../../../components/video-vorschau.tsx';
import { memo, useEffect } from 'react';
import { zaehleTrainingsplan, zaehleVideo } from '../../../lib/statistik.ts';
import { useMeinPlan } from '../api/training-api.ts';
import { eintragZahlen } from '../components/eintrag-karten.tsx';
import { ErledigtForm } from '../components/erledigt-form.tsx';

/** /patient/trainingsplan: "IHR TRAININGSPLAN" and the cards of the set valid now (spec 3 "Training plans"). */
export function PatientPlanPage() {
  const plan = useMeinPlan();
  const setId = plan.data?.set?.id;
  // one plan view per set shown (spec 3 section 7: type 0)
  useEffect(() => {
    if (setId !== undefined) zaehleTrainingsplan();
  }, [setId]);
  return (
    <Box sx={{ p: { xs: 1, md: 3 } }}>
      <QueryState
        query={plan}
        loading="Trainingsplan wird geladen"
        failed="Der Trainingsplan konnte nicht geladen werden."
      >
        {({ patientName, hatAbo, set }) => (
          <>
            <Typography variant="h1" gutterBottom>
              IHR TRAININGSPLAN {patientName.toUpperCase()}
            </Typography>
            {/* addressed to the patient, with the way to a subscription; the spec's third-person sentence
                "{name} besitzt kein Abonnement" is what a therapist reads in the plan editor (docs/decisions.md) */}
            {!hatAbo && (
              <Alert severity="info">
                <Typography>{TRAINING_TEXTS.keinAboEigen}</Typography>
                <ButtonLink to={ROUTES.aboShop.path} variant="contained" size="small" sx={{ mt: 1.5 }}>
                  {TRAINING_TEXTS.zumAboShop}
                </ButtonLink>
              </Alert>
            )}
            {hatAbo && !set && <Alert severity="info">{TRAINING_TEXTS.keinPlan(patientName)}</Alert>}
            <Grid container spacing={2} component="ol" sx={{ listStyle: 'none', p: 0 }}>
              {set?.planListe.map((eintrag) => (
                <PlanKarte key={eintrag.id} eintrag={eintrag} />
              ))}
            </Grid>
          </>
        )}
      </QueryState>
    </Box>
  );
}

/**
 * One exercise of the plan with its done form. Memoised: a tick changes one entry of the cached plan (the others keep
 * their identity), so only its card renders again instead of all 30 (`npm run bench -- --only=inp`).
 */
const PlanKarte = memo(function PlanKarte({ eintrag }: { eintrag: PlanEintrag }) {
  return (
    <Grid size={{ xs: 12, md: 6, lg: 4 }} component="li">
      <Card variant="outlined" sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {eintrag.titel}
          </Typography>
          <VideoVorschau
            url={eintrag.videoUrl}
            bild={eintrag.videoVorschauBildUrl}
            titel={eintrag.titel}
            onPlay={() => zaehleVideo(eintrag.videoUrl)}
          />
          <Typography sx={{ mt: 1 }}>{eintragZahlen(eintrag)}</Typography>
          {eintrag.information && (
            <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
              {eintrag.information}
            </Typography>
          )}
          <ErledigtForm eintrag={eintrag} />
        </CardContent>
      </Card>
    </Grid>
  );
});
