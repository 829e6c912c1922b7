import {
  ANAMNESE_LABELS,
  SCHMERZ_ARTEN,
  SCHMERZEN_LABELS,
  SEIT_WANN_LABELS,
  SPORT_INTENSITAET,
  SPORTARTEN,
  schmerzArtFeld,
  sliderText,
  sportAntwortFeld,
  sportFeld,
  type AnamneseAngaben,
} from '@dihs/contract/anamnese';
import { formatDayDe } from '@dihs/contract/common/time';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Koerperbild } from './koerperbild.tsx';

const text = (value: string | number | null): string => (value === null || value === '' ? '–' : String(value));
const wahl = (labels: readonly string[], code: number | null) => (code === null ? '–' : (labels[code] ?? '–'));
const tag = (value: string | null) => (value ? formatDayDe(value) : '–');

function Abschnitt({ titel, zeilen }: { titel: string; zeilen: [string, string][] }) {
  return (
    <Box component="section" sx={{ mb: 2 }} aria-label={titel}>
      <Typography variant="h3" sx={{ fontSize: '1.15rem', mb: 1 }}>
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
  const a = angaben;
  const L = ANAMNESE_LABELS;
  const arten = SCHMERZ_ARTEN.filter((_, index) => a[schmerzArtFeld(index)]);
  return (
    <Box>
      <Abschnitt
        titel="Körperdaten"
        zeilen={[
          [L.groesse, text(a.groesse)],
          [L.gewicht, text(a.gewicht)],
        ]}
      />
      <Abschnitt
        titel="Beruf und Freizeit"
        zeilen={[
          [L.beruf, text(a.beruf)],
          [L.hobbys, text(a.hobbys)],
          [L.computerzeit, text(a.computerzeit)],
          ...SPORTARTEN.map((n): [string, string] => [
            L[sportFeld(n)],
            a[sportFeld(n)] ? `${a[sportFeld(n)]} (${wahl(SPORT_INTENSITAET, a[sportAntwortFeld(n)])})` : '–',
          ]),
        ]}
      />
      <Abschnitt
        titel="Ansprechpartner der Berufsgenossenschaft"
        zeilen={[
          [L.baName, text(a.baName)],
          [L.baStrasse, text(a.baStrasse)],
          [L.baStadt, text(a.baStadt)],
          [L.baTelefon, text(a.baTelefon)],
        ]}
      />
      <Abschnitt
        titel="Krankengeschichte"
        zeilen={[
          [L.diagnose, text(a.diagnose)],
          [L.opDatum, tag(a.opDatum)],
          [L.erkrankungen, text(a.erkrankungen)],
          [L.medikamente, text(a.medikamente)],
          [L.schmerzmedikamente, text(a.schmerzmedikamente)],
          [L.allergien, text(a.allergien)],
          [L.chronisch, text(a.chronisch)],
          [L.therapien, text(a.therapien)],
        ]}
      />
      <Abschnitt
        titel="Alltag und Beruf"
        zeilen={[
          [L.alltag, text(a.alltag)],
          [L.berufsprobleme, text(a.berufsprobleme)],
          [L.psychischBeeintraechtigt, sliderText(a.psychischBeeintraechtigt)],
        ]}
      />
      <Abschnitt
        titel="Schmerzen"
        zeilen={[
          [L.schmerzen, wahl(SCHMERZEN_LABELS, a.schmerzen)],
          [L.seitWannSchmerzen, wahl(SEIT_WANN_LABELS, a.seitWannSchmerzen)],
          [L.schmerzVerstaerkt, text(a.schmerzVerstaerkt)],
          ['Schmerzart', arten.length ? arten.join(', ') : '–'],
          [L.schmerzStaerkeRuhe, sliderText(a.schmerzStaerkeRuhe)],
          [L.schmerzStaerkeBelastung, sliderText(a.schmerzStaerkeBelastung)],
          [L.angabenDatum, tag(a.angabenDatum)],
        ]}
      />
      <Typography variant="h3" sx={{ fontSize: '1.15rem', mb: 1 }}>
        {L.woSchmerzen}
      </Typography>
      <Koerperbild punkte={a.woSchmerzen} />
    </Box>
  );
}
