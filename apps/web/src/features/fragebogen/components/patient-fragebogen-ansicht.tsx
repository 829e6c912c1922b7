import { alsSichtbarkeitsFrage, antwortText, sichtbareFragen, type PatientFragebogen } from '@dihs/contract/fragebogen';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A submitted questionnaire, read-only: the questions that were shown, each with its answer. */
export function PatientFragebogenAnsicht({ bogen }: { bogen: PatientFragebogen }) {
  const sichtbar = sichtbareFragen(
    bogen.antworten.map((a) => alsSichtbarkeitsFrage(a.frage)),
    new Map(bogen.antworten.map((a) => [a.frage.id, a.antwort])),
  );
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {bogen.antworten
        .filter((a) => sichtbar.has(a.frage.id))
        .map(({ frage, antwort }) => (
          <Box key={frage.id} sx={{ mb: 1.5 }}>
            <Typography component="dt" sx={{ fontWeight: 'bold' }}>
              {frage.frage}
            </Typography>
            <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
              {antwortText(frage.typ, antwort)}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}
