import type { Rezept } from '@dihs/contract/rezept';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubFetch } from '../../../test/render.tsx';
import { RezeptListe } from './rezept-liste.tsx';

const rezept = (id: number, originalFilename: string, status: Rezept['status'] = 'NEU'): Rezept => ({
  id,
  originalFilename,
  anmerkung: '',
  status,
  eingereicht: '2026-11-20T09:00:00.000Z',
  gebucht: null,
  patientId: 7,
  gutschrift: { rezeptEinzelTermin: 0, rezeptGruppenTermin: 0, rezeptBefundTermin: 0 },
});
const REZEPTE = [rezept(1, 'Verordnung.pdf'), rezept(2, 'Alt.pdf', 'GELOESCHT')];

function Liste(props: Omit<ComponentProps<typeof RezeptListe>, 'rezepte' | 'label' | 'leerText'>) {
  const rezepte = useQuery({ queryKey: ['rezepte'], queryFn: () => Promise.resolve(REZEPTE) });
  return <RezeptListe rezepte={rezepte} label="Rezepte" leerText="Keine Rezepte vorhanden." {...props} />;
}

describe('RezeptListe', () => {
  it('offers the download of each file but a deleted one', async () => {
    renderWithApp(<Liste eigene />);
    const table = await screen.findByRole('table', { name: 'Rezepte' });
    expect(within(table).getByRole('button', { name: 'Verordnung.pdf herunterladen' })).toBeEnabled();
    expect(within(table).getByRole('button', { name: 'Alt.pdf herunterladen' })).toBeDisabled();
  });

  it.each([
    [true, '/api/rezepte/my/1'],
    [false, '/api/rezepte/1'],
  ])('own file %s: downloads from %s and says a failed download', async (eigene, pfad) => {
    const fetchMock = stubFetch({});
    renderWithApp(<Liste eigene={eigene} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Verordnung.pdf herunterladen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/\S/);
    const urls = fetchMock.mock.calls.map(([input]) =>
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
    expect(urls).toEqual([expect.stringContaining(pfad)]);
  });

  it('shows the caller action instead of the download', async () => {
    const offen = vi.fn();
    renderWithApp(
      <Liste
        eigene={false}
        aktion={(r) => (
          <Button size="small" onClick={() => void offen(r.id)}>
            Bearbeiten
          </Button>
        )}
      />,
    );
    await screen.findByRole('table', { name: 'Rezepte' });
    expect(screen.queryByRole('button', { name: /herunterladen/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Bearbeiten' })[1]!);
    expect(offen).toHaveBeenCalledWith(2);
  });
});
