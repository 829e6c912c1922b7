import type { Rezept } from '@dihs/contract/rezept';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { QueryState } from '../../../components/query-state.tsx';
import { rezeptHerunterladen } from '../api/rezept-api.ts';
import { RezeptTabelle } from './rezept-tabelle.tsx';

interface RezeptListeProps {
  rezepte: UseQueryResult<Rezept[]>;
  /** The table's name for screen readers. */
  label: string;
  leerText: string;
  /** The patient's own prescriptions (their download) or one patient's for the staff. */
  eigene: boolean;
  /** What a row offers instead of the download (the operator's "Bearbeiten"). */
  aktion?: ((rezept: Rezept) => ReactNode) | undefined;
}

/**
 * A patient's prescriptions as /patient/rezepte and /betreiber/rezepte/{patientId} list them: the table, and per row
 * the download (not of a deleted file) with its failure said below, or the caller's action.
 */
export function RezeptListe({ rezepte, label, leerText, eigene, aktion }: RezeptListeProps) {
  const [fehler, setFehler] = useState<string | null>(null);
  const herunterladen = (rezept: Rezept) => (
    <Button
      size="small"
      disabled={rezept.status === 'GELOESCHT'}
      aria-label={`${rezept.originalFilename} herunterladen`}
      onClick={() => void rezeptHerunterladen(rezept, eigene).catch((error: Error) => setFehler(error.message))}
    >
      Herunterladen
    </Button>
  );
  return (
    <>
      <QueryState query={rezepte} loading="Rezepte werden geladen" failed="Die Rezepte konnten nicht geladen werden.">
        {(liste) => (
          <RezeptTabelle rezepte={liste} label={label} leerText={leerText} aktionen={aktion ?? herunterladen} />
        )}
      </QueryState>
      {fehler && (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => setFehler(null)}>
          {fehler}
        </Alert>
      )}
    </>
  );
}
