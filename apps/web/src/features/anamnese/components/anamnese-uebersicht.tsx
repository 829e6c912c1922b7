import { ANAMNESE_LABELS, anamneseAbschnitte, type AnamneseAngaben } from '@dihs/contract/anamnese';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Koerperbild } from './koerperbild.tsx';

function Abschnitt({ titel, zeilen }: { titel: string; zeilen: [string, string][] }) {
  return (
    <Box component="section" sx={{ mb: 2 }} aria-label={titel}>
      <Typography variant="h3" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {titel}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { sm: '260px 1fr' }, columnGap: 2, m: 0 }}>
        {zeilen.map(([label, wert]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontWeight: 'bold' }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, mb: 0.5, whiteSpace: 'pre-wrap' }}>
              {wert}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** The summary of the form (spec 3: summary mode; sliders as "n/10"), with the body image read-only. */
export function AnamneseUebersicht({ angaben }: { angaben: AnamneseAngaben }) {
  return (
    <Box>
      {anamneseAbschnitte(angaben).map(({ titel, zeilen }) => (
        <Abschnitt key={titel} titel={titel} zeilen={zeilen} />
      ))}
      <Typography variant="h3" component="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {ANAMNESE_LABELS.woSchmerzen}
      </Typography>
      <Koerperbild punkte={angaben.woSchmerzen} />
    </Box>
  );
}
