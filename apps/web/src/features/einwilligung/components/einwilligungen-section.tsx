import { formatDateTimeUhr } from '@dihs/contract/common/time';
import { EINWILLIGUNG_ANLASS_LABELS, EINWILLIGUNG_TEXTS, type Einwilligung } from '@dihs/contract/einwilligung';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { TableScrollRegion } from '../../../components/table-scroll-region.tsx';
import { useEinwilligungen } from '../api/einwilligung-api.ts';
import { EinwilligungWiderruf } from './einwilligung-widerruf.tsx';

/**
 * The stored consents on the profile: the own (patientId null, with the withdrawal and the consent after it) or,
 * for operators, a patient's (withdrawals included, read-only: only the patient withdraws).
 */
export function EinwilligungenSection({ patientId }: { patientId: number | null }) {
  const query = useEinwilligungen(patientId);
  return (
    <ProfileSection title={EINWILLIGUNG_TEXTS.ueberschrift}>
      <QueryState
        query={query}
        loading="Einwilligungen werden geladen"
        failed="Die Einwilligungen konnten nicht geladen werden."
      >
        {(rows) =>
          rows.length ? <EinwilligungTable rows={rows} /> : <Typography>{EINWILLIGUNG_TEXTS.keine}</Typography>
        }
      </QueryState>
      {patientId === null && <EinwilligungWiderruf />}
    </ProfileSection>
  );
}

/** Five columns do not fit a phone: the table scrolls sideways in its own region, the page does not. */
function EinwilligungTable({ rows }: { rows: Einwilligung[] }) {
  return (
    <TableScrollRegion label="Verlauf der Einwilligungen">
      <Table size="small" aria-label={EINWILLIGUNG_TEXTS.ueberschrift}>
        <TableHead>
          <TableRow>
            <TableCell>{EINWILLIGUNG_TEXTS.spalteText}</TableCell>
            <TableCell>{EINWILLIGUNG_TEXTS.spalteFassung}</TableCell>
            <TableCell>{EINWILLIGUNG_TEXTS.spalteZugestimmt}</TableCell>
            <TableCell>{EINWILLIGUNG_TEXTS.spalteAnlass}</TableCell>
            <TableCell>{EINWILLIGUNG_TEXTS.spalteStand}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>{row.titel}</TableCell>
              {/* the fingerprint's start tells two versions of one day apart */}
              <TableCell title={`Prüfsumme ${row.fassung}`}>{formatDateTimeUhr(row.stand)}</TableCell>
              <TableCell>{formatDateTimeUhr(row.erteiltAm)}</TableCell>
              <TableCell>{EINWILLIGUNG_ANLASS_LABELS[row.anlass]}</TableCell>
              <TableCell>{row.aktuell ? EINWILLIGUNG_TEXTS.aktuell : EINWILLIGUNG_TEXTS.aelter}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScrollRegion>
  );
}
