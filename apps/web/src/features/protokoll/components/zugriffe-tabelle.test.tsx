import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { ZugriffeTabelle, type ZugriffSpalte } from './zugriffe-tabelle.tsx';

interface Eintrag {
  id: number;
  wer: string;
  wann: string;
}
const SPALTEN: ZugriffSpalte<Eintrag>[] = [
  { titel: 'Zeitpunkt', wert: (e) => e.wann, nowrap: true },
  { titel: 'Wer', wert: (e) => e.wer.toUpperCase() },
];
const EINTRAEGE: Eintrag[] = [
  { id: 1, wer: 'Anna', wann: '24.11.2026, 09:15 Uhr' },
  { id: 2, wer: 'Bernd', wann: '24.11.2026, 09:20 Uhr' },
];

function renderTabelle(props: Partial<Parameters<typeof ZugriffeTabelle<Eintrag>>[0]> = {}) {
  const handlers = { onPage: vi.fn() };
  renderWithApp(
    <ZugriffeTabelle
      label="Zugriffe"
      spalten={SPALTEN}
      seite={{ eintraege: EINTRAEGE, gesamt: 12 }}
      page={0}
      size={10}
      sizes={[10]}
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

describe('ZugriffeTabelle', () => {
  it('shows a column per entry of the column list, in its order', () => {
    renderTabelle();
    const table = screen.getByRole('table', { name: 'Zugriffe' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Zeitpunkt', 'Wer']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['24.11.2026, 09:15 Uhr', 'ANNA'],
      ['24.11.2026, 09:20 Uhr', 'BERND'],
    ]);
  });

  it('pages on, and offers no page size without onSize', async () => {
    const { onPage } = renderTabelle();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /nächste/i }));
    expect(onPage).toHaveBeenCalledWith(1);
  });

  it('offers the page sizes with onSize', async () => {
    const onSize = vi.fn();
    renderTabelle({ sizes: [10, 25], onSize });
    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.click(screen.getByRole('option', { name: '25' }));
    expect(onSize).toHaveBeenCalledWith(25);
  });
});
