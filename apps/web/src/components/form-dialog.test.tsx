import { MESSAGES } from '@dihs/contract/common/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { FormDialog } from './form-dialog.tsx';

function renderDialog(props: Partial<Parameters<typeof FormDialog>[0]> = {}) {
  const handlers = { onSubmit: vi.fn(), onClose: vi.fn(), onFailureClosed: vi.fn() };
  renderWithApp(
    <FormDialog title="Neue Firma" maxWidth="sm" valid pending={false} failed={false} {...handlers} {...props}>
      <p>Felder</p>
    </FormDialog>,
  );
  return handlers;
}

describe('FormDialog', () => {
  it('submits on "Speichern" and closes on "Abbrechen"', async () => {
    const { onSubmit, onClose } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Neue Firma' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('keeps "Speichern" disabled while the input is invalid', () => {
    renderDialog({ valid: false });
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  });

  it('shows a failure without a refusal as the network error', async () => {
    const { onFailureClosed } = renderDialog({ failed: true });
    expect(screen.getByText(MESSAGES.netzwerkfehlerText)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onFailureClosed).toHaveBeenCalledOnce();
  });

  it('shows the refusal instead of the network error', () => {
    renderDialog({ failed: true, refusal: 'Der Name ist vergeben.' });
    expect(screen.getByText('Der Name ist vergeben.')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.netzwerkfehlerText)).not.toBeInTheDocument();
  });
});
