import type { Firma } from '@dihs/contract/firma';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { RowActionButton } from '../../../components/row-action-button.tsx';
import { SavedRow } from '../../../components/save-notice.tsx';
import { yesNo } from '../../../lib/format.ts';

interface FirmenTableProps {
  firmen: readonly Firma[];
  onEdit: (firma: Firma) => void;
  onDelete: (firma: Firma) => void;
  /** The company just saved, marked (save-notice.tsx). */
  savedId?: number | string | null;
}

/** Every company with its fields and the edit and delete actions. */
export function FirmenTable({ firmen, onEdit, onDelete, savedId = null }: FirmenTableProps) {
  if (firmen.length === 0) return <Typography color="text.secondary">Keine Firmen vorhanden</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label="Firmen">
        <TableHead>
          <TableRow>
            <TableCell>Titel</TableCell>
            <TableCell>Logo</TableCell>
            <TableCell>Logo-Pfad</TableCell>
            <TableCell>Logo-Link</TableCell>
            <TableCell>Neuer Tab</TableCell>
            <TableCell>Statistik</TableCell>
            <TableCell align="right">Aktionen</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {firmen.map((firma) => (
            <SavedRow key={firma.id} hover marked={firma.id === savedId}>
              <TableCell component="th" scope="row">
                {firma.bezeichner}
              </TableCell>
              <TableCell>{yesNo(firma.hatLogo)}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{firma.logoPath ?? '–'}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{firma.logoLink ?? '–'}</TableCell>
              <TableCell>{yesNo(firma.linkTarget)}</TableCell>
              <TableCell>{yesNo(firma.statistikSchreiben)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <RowActionButton
                  action="edit"
                  label={`Firma „${firma.bezeichner}“ bearbeiten`}
                  onClick={() => onEdit(firma)}
                />
                <RowActionButton
                  action="delete"
                  label={`Firma „${firma.bezeichner}“ löschen`}
                  onClick={() => onDelete(firma)}
                />
              </TableCell>
            </SavedRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
