import type { Firma } from '@dihs/contract/firma';
import { useState } from 'react';
import { AdminListPage } from '../../../components/admin-list-page.tsx';
import { useSavedRow } from '../../../components/save-notice.tsx';
import { useFirmen } from '../api/get-firmen.ts';
import { DeleteFirmaDialog } from '../components/delete-firma-dialog.tsx';
import { FIRMEN_LIST, FirmaDialog } from '../components/firma-dialog.tsx';
import { FirmenTable } from '../components/firmen-table.tsx';

type Editing = { kind: 'new' } | { kind: 'edit'; firma: Firma } | { kind: 'delete'; firma: Firma } | null;

/** /betreiber/firmenverwaltung: list, new, edit and delete companies (spec 3, "Company admin"). */
export function FirmenverwaltungPage() {
  const { data: firmen, isPending, isError } = useFirmen();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
  const savedId = useSavedRow(FIRMEN_LIST);

  return (
    <AdminListPage
      title="Firmen verwalten"
      addLabel="Neue Firma"
      onAdd={() => setEditing({ kind: 'new' })}
      isPending={isPending}
      isError={isError}
      loadingLabel="Firmen werden geladen"
      errorText="Die Firmen konnten nicht geladen werden."
      dialogs={
        <>
          {editing?.kind === 'new' && <FirmaDialog firma={null} onClose={close} />}
          {editing?.kind === 'edit' && <FirmaDialog key={editing.firma.id} firma={editing.firma} onClose={close} />}
          {editing?.kind === 'delete' && <DeleteFirmaDialog firma={editing.firma} onClose={close} />}
        </>
      }
    >
      {firmen && (
        <FirmenTable
          firmen={firmen}
          savedId={savedId}
          onEdit={(firma) => setEditing({ kind: 'edit', firma })}
          onDelete={(firma) => setEditing({ kind: 'delete', firma })}
        />
      )}
    </AdminListPage>
  );
}
