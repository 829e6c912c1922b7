import { PATIENT_RECORD_LABELS } from '@dihs/contract/common/patient-records';
import { ROLE_LABELS } from '@dihs/contract/common/roles';
import { PROTOKOLL_AKTION_LABELS, PROTOKOLL_TEXTS, type EigenerZugriff } from '@dihs/contract/protokoll';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state.tsx';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { useEigeneZugriffe } from '../api/protokoll-api.ts';
import { entryTime, personName } from './person-label.ts';
import { ZugriffeTabelle, type ZugriffSpalte } from './zugriffe-tabelle.tsx';

const SIZE = 10;

const SPALTEN: ZugriffSpalte<EigenerZugriff>[] = [
  { titel: PROTOKOLL_TEXTS.zeitpunkt, wert: (entry) => entryTime(entry.zeitpunkt) },
  { titel: PROTOKOLL_TEXTS.wer, wert: (entry) => personName(entry) },
  { titel: PROTOKOLL_TEXTS.rolle, wert: (entry) => ROLE_LABELS[entry.rolle] },
  { titel: PROTOKOLL_TEXTS.art, wert: (entry) => PATIENT_RECORD_LABELS[entry.art] },
  { titel: PROTOKOLL_TEXTS.aktion, wert: (entry) => PROTOKOLL_AKTION_LABELS[entry.aktion] },
];

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
              <ZugriffeTabelle
                label={PROTOKOLL_TEXTS.patientenTitel}
                spalten={SPALTEN}
                seite={data}
                page={page}
                size={SIZE}
                sizes={[SIZE]}
                onPage={setPage}
              />
            </div>
          )
        }
      </QueryState>
    </ProfileSection>
  );
}
