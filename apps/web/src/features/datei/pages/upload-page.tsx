import { DATEI_TEXTS } from '@dihs/contract/datei';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AdminListPage } from '../../../components/admin-list-page.tsx';
import { SavedRow, useSavedRows } from '../../../components/save-notice.tsx';
import { useDateien } from '../api/datei-api.ts';
import { DATEIEN_LIST, UploadDialog } from '../components/upload-dialog.tsx';

/** /betreiber/upload: the uploaded public files and "Neue Datei hochladen" (spec 3 "Operator tools: Uploads" calls it "Neuer Upload"; issue 32 asks for German). */
export function UploadPage() {
  const dateien = useDateien();
  const [offen, setOffen] = useState(false);
  const saved = useSavedRows(DATEIEN_LIST);

  return (
    <AdminListPage
      title={DATEI_TEXTS.titel}
      addLabel={DATEI_TEXTS.neuerUpload}
      onAdd={() => setOffen(true)}
      isPending={dateien.isPending}
      isError={dateien.isError}
      loadingLabel="Dateien werden geladen"
      errorText="Die Dateien konnten nicht geladen werden."
      dialogs={offen && <UploadDialog onClose={() => setOffen(false)} />}
    >
      {dateien.data &&
        (dateien.data.length === 0 ? (
          <Typography color="text.secondary">Es wurden noch keine Dateien hochgeladen.</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Hochgeladene Dateien">
              <TableHead>
                <TableRow>
                  <TableCell>Dateiname</TableCell>
                  <TableCell>Beschreibung</TableCell>
                  <TableCell>Dateipfad</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {dateien.data.map((datei) => (
                  <SavedRow key={datei.id} marked={saved.includes(datei.id)}>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{datei.fileName}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{datei.description}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>
                      <Link href={datei.url} target="_blank" rel="noopener">
                        {datei.url}
                      </Link>
                    </TableCell>
                  </SavedRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ))}
    </AdminListPage>
  );
}
