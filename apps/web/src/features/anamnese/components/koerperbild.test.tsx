import type { Schmerzpunkt } from '@dihs/contract/anamnese-koerper';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Koerperbild } from './koerperbild.tsx';

function Harness({ start = [] }: { start?: Schmerzpunkt[] }) {
  const [punkte, setPunkte] = useState<Schmerzpunkt[]>(start);
  return <Koerperbild punkte={punkte} onChange={setPunkte} />;
}

const gesetzt = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

describe('Koerperbild', () => {
  it('sets and removes pain points with the keyboard and announces them', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const vorne = screen.getByRole('application', { name: /Körperbild Vorderseite/ });
    vorne.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Schmerzpunkt 1 gesetzt: Vorderseite: Brustkorb');
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(screen.getByRole('status')).toHaveTextContent('Markierung: Bauch');
    await user.keyboard(' ');
    expect(gesetzt()).toEqual(['Vorderseite: Brustkorb', 'Vorderseite: Bauch']);
    // Enter on a point removes it
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Schmerzpunkt entfernt: Vorderseite: Bauch');
    expect(gesetzt()).toEqual(['Vorderseite: Brustkorb']);
  });

  it('offers the body regions as checkboxes and a remove button per point', () => {
    // fireEvent and label queries: with forty checkboxes, role queries by name are slow on a busy machine
    render(<Harness start={[{ seite: 'HINTEN', x: 0.5, y: 0.41 }]} />);
    fireEvent.click(screen.getByText('Schmerzpunkte über die Liste der Körperregionen wählen'));
    const ruecken = screen.getByLabelText('Lendenwirbelsäule und unterer Rücken');
    expect(ruecken).toBeChecked();
    fireEvent.click(screen.getAllByLabelText('Knie rechts')[0]!);
    expect(gesetzt()).toEqual(['Rückseite: Lendenwirbelsäule und unterer Rücken', 'Vorderseite: Knie rechts']);
    fireEvent.click(screen.getByLabelText('Schmerzpunkt 1 entfernen'));
    expect(gesetzt()).toEqual(['Vorderseite: Knie rechts']);
    expect(ruecken).not.toBeChecked();
  });

  it('keeps the keyboard focus when a remove button takes its point away', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        start={[
          { seite: 'VORNE', x: 0.5, y: 0.25 },
          { seite: 'HINTEN', x: 0.5, y: 0.41 },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Schmerzpunkt 2 entfernen' }));
    expect(gesetzt()).toEqual(['Vorderseite: Brustkorb']);
    expect(screen.getByRole('button', { name: 'Schmerzpunkt 1 entfernen' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Schmerzpunkt 1 entfernen' }));
    expect(screen.getByText('Keine Schmerzpunkte gesetzt.')).toBeInTheDocument();
    expect(screen.getByText('Gesetzte Schmerzpunkte')).toHaveFocus();
  });

  it('is a labelled image without controls when read-only', () => {
    render(<Koerperbild punkte={[{ seite: 'VORNE', x: 0.4, y: 0.75 }]} />);
    expect(screen.getByRole('img', { name: 'Körperbild Vorderseite mit 1 Schmerzpunkten' })).toBeInTheDocument();
    expect(screen.queryByRole('application')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
