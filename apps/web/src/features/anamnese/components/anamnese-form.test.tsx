import { screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { AnamneseForm } from './anamnese-form.tsx';

describe('AnamneseForm', () => {
  // one render: the long form takes seconds in jsdom on a busy machine; without `fokus` the page test's saved form
  // leaves the focus alone (anamnese-page.test.tsx)
  it('gives its first field the keyboard focus when it replaces the summary\'s "Bearbeiten" (fokus)', async () => {
    renderWithApp(<AnamneseForm anamnese={null} pending={false} fehler={null} fokus onAktion={vi.fn()} />);
    const groesse = await screen.findByLabelText(/Größe \(cm\)/);
    await waitFor(() => expect(groesse).toHaveFocus());
  });

  it('hands the focus to the error when a save fails, as its disabled buttons dropped it', async () => {
    function FailingSave() {
      const [state, setState] = useState({ pending: true, fehler: null as string | null });
      useEffect(() => {
        const timer = setTimeout(() => setState({ pending: false, fehler: 'Das Speichern ist fehlgeschlagen.' }), 0);
        return () => clearTimeout(timer);
      }, []);
      return <AnamneseForm anamnese={null} pending={state.pending} fehler={state.fehler} onAktion={vi.fn()} />;
    }
    renderWithApp(<FailingSave />);
    const fehler = await screen.findByRole('alert');
    expect(fehler).toHaveTextContent('Das Speichern ist fehlgeschlagen.');
    await waitFor(() => expect(fehler).toHaveFocus());
  });
});
