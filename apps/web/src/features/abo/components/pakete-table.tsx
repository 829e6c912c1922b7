import { ABO_ABKUERZUNGEN, paketKennzahlen, paketPreis, type AboPaket } from '@dihs/contract/abo';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { RowActionButton } from '../../../components/row-action-button.tsx';
import { SavedRow } from '../../../components/save-notice.tsx';
import { yesNo } from '../../../lib/format.ts';

/** What the abbreviations of the package labels stand for (docs/decisions.md). */
export const ABKUERZUNGEN_TEXT = Object.entries(ABO_ABKUERZUNGEN)
  .map(([short, long]) => `${short} = ${long}`)
  .join(', ');

interface PaketeTableProps {
  pakete: readonly AboPaket[];
  onEdit: (paket: AboPaket) => void;
  /** The package just saved, marked (save-notice.tsx). */
  savedId?: number | string | null;
}

/** Every package with its figures, cost, flags and the edit action. */
export function PaketeTable({ pakete, onEdit, savedId = null }: PaketeTableProps) {
  if (pakete.length === 0) return <Typography color="text.secondary">Keine Abopakete vorhanden</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label="Abopakete">
        <TableHead>
          <TableRow>
            <TableCell>Titel</TableCell>
            <TableCell>
              <Tooltip title={ABKUERZUNGEN_TEXT}>
                <span>Leistungen und Laufzeit</span>
              </Tooltip>
            </TableCell>
            <TableCell>Kosten (inkl. MwSt.)</TableCell>
            <TableCell>Aktiv</TableCell>
            <TableCell>Buchbar</TableCell>
            <TableCell align="right">Aktionen</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {pakete.map((paket) => (
            <SavedRow key={paket.aboPaketId} hover marked={paket.aboPaketId === savedId}>
              <TableCell component="th" scope="row">
                {paket.title}
              </TableCell>
              <TableCell>{paketKennzahlen(paket)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{paketPreis(paket)}</TableCell>
              <TableCell>{yesNo(paket.aktiv)}</TableCell>
              <TableCell>{yesNo(paket.buchbar)}</TableCell>
              <TableCell align="right">
                <RowActionButton
                  action="edit"
                  label={`Abopaket „${paket.title}“ bearbeiten`}
                  onClick={() => onEdit(paket)}
                />
              </TableCell>
            </SavedRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
