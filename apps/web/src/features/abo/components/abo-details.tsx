import { paketLeistungen, paketPreis, type Abo } from '@dihs/contract/abo';
import { formatDateTimeUhr, formatDayDe } from '@dihs/contract/common/time';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** One labelled value in the layout of the other profile rows. */
function AboRow({ label, children }: { label: string; children: ReactNode }) {
  const labelId = useId();
  return (
    <Box role="group" aria-labelledby={labelId} sx={{ py: 1.5 }}>
      <Typography id={labelId} variant="subtitle2" color="text.secondary" component="h3">
        {label}
      </Typography>
      <Box sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

/** The subscription's package, status and dates (spec 1 section 2.8). */
export function AboDetails({ abo }: { abo: Abo }) {
  const paket = abo.aboPaket;
  return (
    <>
      <AboRow label="Abopaket">
        <Typography>{paket.title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {paketLeistungen(paket)} ·{' '}
          {abo.bezahlabo ? `${paketPreis(paket)} inkl. MwSt` : 'Firmenabo: Die Kosten trägt der Arbeitgeber.'}
        </Typography>
      </AboRow>
      <AboRow label="Status">
        <Typography>{abo.detailedStatus}</Typography>
      </AboRow>
      <AboRow label="Buchungsdatum">
        <Typography>{formatDateTimeUhr(abo.buchungsdatum)}</Typography>
      </AboRow>
      {abo.beginn && (
        <AboRow label="Vertragsbeginn">
          <Typography>{formatDayDe(abo.beginn)}</Typography>
        </AboRow>
      )}
      <AboRow label="Vertragsende">
        {abo.vertragsendeDatum ? (
          <Typography>
            {formatDayDe(abo.vertragsendeDatum)}
            {abo.endeGrund ? ` (${abo.endeGrund})` : ''}
          </Typography>
        ) : abo.laufzeitEnde ? (
          <Typography>
            Kein Vertragsende festgelegt; die aktuelle Laufzeit endet am {formatDayDe(abo.laufzeitEnde)} und verlängert
            sich ohne Kündigung um {paket.laufzeitMonate} {paket.laufzeitMonate === 1 ? 'Monat' : 'Monate'}.
          </Typography>
        ) : (
          <Typography color="text.secondary">Beginnt mit der Bezahlung</Typography>
        )}
      </AboRow>
      {abo.letztmoeglicherKuendigungsTag && !abo.vertragsendeDatum && (
        <AboRow label="Letztmöglicher Kündigungstag">
          <Typography>{formatDayDe(abo.letztmoeglicherKuendigungsTag)}</Typography>
        </AboRow>
      )}
      {abo.naechsteAbrechnung && (!abo.vertragsendeDatum || abo.naechsteAbrechnung <= abo.vertragsendeDatum) && (
        <AboRow label="Nächstes Buchungsintervall">
          <Typography>ab {formatDayDe(abo.naechsteAbrechnung)}</Typography>
        </AboRow>
      )}
    </>
  );
}
