import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { LazyTextPicker } from './lazy-text-picker.tsx';

function Field({ initial = '' }: { initial?: string }) {
  const [text, setText] = useState(initial);
  return (
    <>
      <LazyTextPicker kind="datum" label="Von" text={text} onText={setText} size="small" />
      <output aria-label="Text">{text}</output>
    </>
  );
}

// the first use loads MUI X and dayjs, which vitest transforms on demand: slow on a busy machine (a guard, no timing)
const PICKER_LOAD = { timeout: 10_000 };

describe('LazyTextPicker', () => {
  it('starts as a plain field with the text and no picker', () => {
    renderWithApp(<Field initial="01.12.2026" />);
    expect(screen.getByRole('textbox', { name: 'Von' })).toHaveValue('01.12.2026');
    expect(screen.queryByRole('group', { name: 'Von' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Datum auswählen' })).toBeInTheDocument();
  });

  it('becomes the picker when focused, keeps the focus there and writes what is typed as German text', async () => {
    renderWithApp(<Field initial="01.12.2026" />);
    await userEvent.click(screen.getByRole('textbox', { name: 'Von' }));
    const picker = await screen.findByRole('group', { name: 'Von' }, PICKER_LOAD);
    await waitFor(() => expect(picker).toContainElement(document.activeElement as HTMLElement));
    expect(picker.querySelector('input')).toHaveValue('01.12.2026');
    await userEvent.keyboard('24122026');
    await waitFor(() => expect(screen.getByRole('status', { name: 'Text' })).toHaveTextContent('24.12.2026'));
  });

  it('opens the calendar when its button is pressed', async () => {
    renderWithApp(<Field />);
    await userEvent.click(screen.getByRole('button', { name: 'Datum auswählen' }));
    expect(await screen.findByRole('dialog', {}, PICKER_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Von' })).toBeInTheDocument();
  });
});
