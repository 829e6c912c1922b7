import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SavedRow, SaveNoticeProvider, savedText, useSavedAndClose, useSavedRow } from './save-notice.tsx';

function Dialog({ onClose }: { onClose: () => void }) {
  const savedAndClose = useSavedAndClose(onClose);
  return (
    <div role="dialog" aria-label="Firma bearbeiten">
      <button
        onClick={() =>
          savedAndClose({ text: savedText('Firma', 'Zweite GmbH', false), row: { list: 'firmen', id: 2 } })
        }
      >
        Speichern
      </button>
    </div>
  );
}

function ListPage() {
  const [open, setOpen] = useState(false);
  const saved = useSavedRow('firmen');
  return (
    <>
      <button onClick={() => setOpen(true)}>Bearbeiten</button>
      <Table aria-label="Firmen">
        <TableBody>
          {[1, 2].map((id) => (
            <SavedRow key={id} marked={saved === id}>
              <TableCell>Firma {id}</TableCell>
            </SavedRow>
          ))}
        </TableBody>
      </Table>
      {open && <Dialog onClose={() => setOpen(false)} />}
    </>
  );
}

function App() {
  const [page, setPage] = useState<'liste' | 'andere'>('liste');
  return (
    <SaveNoticeProvider>
      <button onClick={() => setPage(page === 'liste' ? 'andere' : 'liste')}>Seite wechseln</button>
      {page === 'liste' ? <ListPage /> : <p>Andere Seite</p>}
    </SaveNoticeProvider>
  );
}

describe('save notice', () => {
  it('names the saved object in a snackbar, closes the dialog and marks its row until the page is left', async () => {
    render(<App />);
    await userEvent.click(screen.getByRole('button', { name: 'Bearbeiten' }));
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Firma „Zweite GmbH“ wurde gespeichert.');
    const row = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;
    expect(row('Firma 2')).toHaveClass('Mui-selected');
    expect(row('Firma 2')).toHaveAttribute('aria-description', 'Gerade gespeichert');
    expect(row('Firma 1')).not.toHaveClass('Mui-selected');

    await userEvent.click(screen.getByRole('button', { name: 'Seite wechseln' }));
    await userEvent.click(screen.getByRole('button', { name: 'Seite wechseln' }));
    expect(row('Firma 2')).not.toHaveClass('Mui-selected');
  });

  it('says "angelegt" for a new object', () => {
    expect(savedText('Termin', 'Rücken, 12.03.2027 10:00 Uhr', true)).toBe(
      'Termin „Rücken, 12.03.2027 10:00 Uhr“ wurde angelegt.',
    );
  });
});
