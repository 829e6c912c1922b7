import { REZEPT_STATUS_TEXT, REZEPT_TEXTS, rezeptZeit, type Rezept } from '@dihs/contract/rezept';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';

interface RezeptTabelleProps {
  rezepte: Rezept[];
  /** What a row offers: download, edit, "Zum Patienten". */
  aktionen: (rezept: Rezept) => ReactNode;
  leerText: string;
  /** The table's name for screen readers. */
  label: string;
}

/** Prescription rows (spec 2 section 2): file name, upload time, note ("Keine." when empty), status, actions. */
export function RezeptTabelle({ rezepte, aktionen, leerText, label }: RezeptTabelleProps) {
  if (rezepte.length === 0) return <Typography color="text.secondary">{leerText}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Datei</TableCell>
            <TableCell>Anmerkung</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>
              <VisuallyHidden>Aktionen</VisuallyHidden>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rezepte.map((rezept) => (
            <TableRow key={rezept.id}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
                  {rezept.originalFilename}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  hochgeladen am {rezeptZeit(rezept.eingereicht)}
                </Typography>
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{rezept.anmerkung || REZEPT_TEXTS.keineAnmerkung}</TableCell>
              <TableCell>{REZEPT_STATUS_TEXT[rezept.status]}</TableCell>
              <TableCell align="right">{aktionen(rezept)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
