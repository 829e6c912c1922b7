import type { AboPaket } from '@dihs/contract/abo';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AdminListPage } from '../../../components/admin-list-page.tsx';
import { useSavedRow } from '../../../components/save-notice.tsx';
import { useAboPakete } from '../api/abo-pakete-api.ts';
import { PAKETE_LIST, PaketDialog } from '../components/paket-dialog.tsx';
import { ABKUERZUNGEN_TEXT, PaketeTable } from '../components/pakete-table.tsx';

type Editing = { kind: 'new' } | { kind: 'edit'; paket: AboPaket } | null;

/** /betreiber/abo/pakete: list, create and edit subscription packages (spec 3 "Subscription package admin"). */
export function AboPaketePage() {
  const { data: pakete, isPending, isError } = useAboPakete();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
  const savedId = useSavedRow(PAKETE_LIST);

  return (
    <AdminListPage
      title="Abopakete verwalten"
      addLabel="Neues Abopaket"
      onAdd={() => setEditing({ kind: 'new' })}
      isPending={isPending}
      isError={isError}
      loadingLabel="Abopakete werden geladen"
      errorText="Die Abopakete konnten nicht geladen werden."
      footer={
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {ABKUERZUNGEN_TEXT}. Die Anzahlen gelten je Buchungsintervall; die Kosten werden je Buchungsintervall
          berechnet.
        </Typography>
      }
      dialogs={
        <>
          {editing?.kind === 'new' && <PaketDialog paket={null} onClose={close} />}
          {editing?.kind === 'edit' && (
            <PaketDialog key={editing.paket.aboPaketId} paket={editing.paket} onClose={close} />
          )}
        </>
      }
    >
      {pakete && (
        <PaketeTable pakete={pakete} savedId={savedId} onEdit={(paket) => setEditing({ kind: 'edit', paket })} />
      )}
    </AdminListPage>
  );
}
