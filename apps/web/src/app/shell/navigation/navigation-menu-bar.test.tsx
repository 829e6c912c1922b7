import type { NavigationNode } from '@dihs/contract/navigation';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { NavigationDrawer } from './navigation-drawer.tsx';
import { NavigationMenuBar } from './navigation-menu-bar.tsx';

const TREE: NavigationNode[] = [
  { id: 1, titel: 'FAQ', type: 'eintrag', urlDto: { urlType: 'SEITE', ziel: 'faq', statisch: true } },
  {
    id: 2,
    titel: 'Angebot',
    type: 'menue',
    kinder: [
      { id: 3, titel: 'Rückenschule', type: 'eintrag', urlDto: { urlType: 'SEITE', ziel: 'ruecken', statisch: false } },
      {
        id: 4,
        titel: 'Partner',
        type: 'menue',
        kinder: [
          {
            id: 5,
            titel: 'Verband',
            type: 'eintrag',
            urlDto: { urlType: 'EXTERN', ziel: 'https://example.org', statisch: false },
          },
        ],
      },
    ],
  },
];

describe('NavigationMenuBar', () => {
  it('links top-level entries to their resolved address', () => {
    renderWithApp(<NavigationMenuBar nodes={TREE} />);
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
  });

  it('opens a menu with its entries and sub-menus', async () => {
    renderWithApp(<NavigationMenuBar nodes={TREE} />);
    await userEvent.click(screen.getByRole('button', { name: 'Angebot' }));

    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Rückenschule' })).toHaveAttribute('href', '/inhalt/ruecken');
    expect(within(menu).getByText('Partner')).toBeInTheDocument();
    const external = within(menu).getByRole('menuitem', { name: /Verband/ });
    expect(external).toHaveAttribute('href', 'https://example.org');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(external).toHaveAccessibleName('Verband (öffnet in neuem Tab)');
  });
});

describe('NavigationDrawer', () => {
  it('shows the same tree with the start page first, menus folded until opened', async () => {
    const onClose = vi.fn();
    renderWithApp(<NavigationDrawer nodes={TREE} open onClose={onClose} />);
    const drawer = screen.getByRole('navigation', { name: 'Hauptmenü' });
    const hrefs = () =>
      within(drawer)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
    expect(hrefs()).toEqual(['/', '/faq']);

    const group = within(drawer).getByRole('button', { name: 'Angebot' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Partner' }));
    expect(hrefs()).toEqual(['/', '/faq', '/inhalt/ruecken', 'https://example.org']);
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.click(within(drawer).getByRole('link', { name: 'Rückenschule' }));
    expect(onClose).toHaveBeenCalled();
  });
});
