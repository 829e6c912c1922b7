import { screen, waitFor } from '@testing-library/react';
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
});
