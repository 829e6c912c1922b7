import { PATIENT_RECORD_LABELS } from '@dihs/contract/common/patient-records';
import { ROLE_LABELS } from '@dihs/contract/common/roles';
import { PROTOKOLL_AKTION_LABELS, PROTOKOLL_TEXTS } from '@dihs/contract/protokoll';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state.tsx';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { useEigeneZugriffe } from '../api/protokoll-api.ts';
import { entryTime, personName } from './person-label.ts';

const SIZE = 10;

/** The patient's own profile: who of the staff accessed which kind of their records, when (never the content). */
export function EigeneZugriffeSection() {
  const [page, setPage] = useState(0);
  const query = useEigeneZugriffe({ page, size: SIZE });
  return (
    <ProfileSection title={PROTOKOLL_TEXTS.patientenTitel}>
      <Typography variant="body2" sx={{ py: 1 }}>
        {PROTOKOLL_TEXTS.patientenHinweis}
      </Typography>
      <QueryState query={query} loading="Zugriffe werden geladen" failed="Die Zugriffe konnten nicht geladen werden.">
        {(data) =>
          data.gesamt === 0 ? (
            <Typography sx={{ py: 1 }}>{PROTOKOLL_TEXTS.keineZugriffe}</Typography>
          ) : (
            <div>
              <TableContainer>
                <Table size="small" aria-label={PROTOKOLL_TEXTS.patientenTitel}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{PROTOKOLL_TEXTS.zeitpunkt}</TableCell>
                      <TableCell>{PROTOKOLL_TEXTS.wer}</TableCell>
                      <TableCell>{PROTOKOLL_TEXTS.rolle}</TableCell>
                      <TableCell>{PROTOKOLL_TEXTS.art}</TableCell>
                      <TableCell>{PROTOKOLL_TEXTS.aktion}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.eintraege.map((entry) => (
                      <TableRow key={entry.id}>
                        <TableCell>{entryTime(entry.zeitpunkt)}</TableCell>
                        <TableCell>{personName(entry)}</TableCell>
                        <TableCell>{ROLE_LABELS[entry.rolle]}</TableCell>
                        <TableCell>{PATIENT_RECORD_LABELS[entry.art]}</TableCell>
                        <TableCell>{PROTOKOLL_AKTION_LABELS[entry.aktion]}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <TablePagination
                component="div"
                count={data.gesamt}
                page={page}
                rowsPerPage={SIZE}
                rowsPerPageOptions={[SIZE]}
                onPageChange={(_, next) => setPage(next)}
              />
            </div>
          )
        }
      </QueryState>
    </ProfileSection>
  );
}
