import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { ShopGrid } from './shop-grid.tsx';

const texts = { loadingLabel: 'Pakete werden geladen', errorText: 'Fehler beim Laden', emptyText: 'Nichts buchbar' };

function renderGrid(state: { items: readonly string[] | undefined; isPending?: boolean; isError?: boolean }) {
  renderWithApp(
    <ShopGrid isPending={false} isError={false} {...texts} {...state} keyOf={(item) => item}>
      {(item) => <article aria-label={item} />}
    </ShopGrid>,
  );
}

describe('ShopGrid', () => {
  it('shows one card per package', () => {
    renderGrid({ items: ['Starter', 'Plus'] });
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Starter', 'Plus']);
  });

  it('says when nothing is bookable', () => {
    renderGrid({ items: [] });
    expect(screen.getByText('Nichts buchbar')).toBeInTheDocument();
  });

  it('says a failed load', () => {
    renderGrid({ items: undefined, isError: true });
    expect(screen.getByRole('alert')).toHaveTextContent('Fehler beim Laden');
  });

  it('shows the loading indicator while loading', () => {
    renderGrid({ items: undefined, isPending: true });
    expect(screen.getByRole('progressbar', { name: 'Pakete werden geladen' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
