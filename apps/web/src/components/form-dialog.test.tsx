import { MESSAGES } from '@dihs/contract/common/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../lib/api-client.ts';
import { useContractForm } from '../lib/use-contract-form.ts';
import { renderWithApp } from '../test/render.tsx';
import { FormDialog, SaveFormDialog, type SaveState } from './form-dialog.tsx';
import { FormTextField } from './form-fields.tsx';

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

const nameSchema = z.object({ name: z.string().trim().min(1, 'Der Name darf nicht leer sein.') });

function NameDialog(props: {
  save: SaveState;
  onSave: (values: { name: string }) => void;
  refusedWith?: readonly number[];
  failureSaidByCaller?: boolean;
}) {
  const form = useContractForm(nameSchema, { name: '' });
  return (
    <SaveFormDialog title="Neue Firma" maxWidth="sm" form={form} onClose={vi.fn()} {...props}>
      <FormTextField control={form.control} name="name" label="Name" />
    </SaveFormDialog>
  );
}

const saveState = (state: Partial<SaveState> = {}): SaveState => ({
  isPending: false,
  isError: false,
  error: null,
  reset: vi.fn(),
  ...state,
});

describe('SaveFormDialog', () => {
  it('saves the valid values once they pass the schema', async () => {
    const onSave = vi.fn();
    renderWithApp(<NameDialog save={saveState()} onSave={onSave} />);
    const speichern = screen.getByRole('button', { name: 'Speichern' });
    expect(speichern).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Physio GmbH');
    await userEvent.click(speichern);
    expect(onSave).toHaveBeenCalledExactlyOnceWith({ name: 'Physio GmbH' });
  });

  it('does not save again while a save runs', async () => {
    const onSave = vi.fn();
    renderWithApp(<NameDialog save={saveState({ isPending: true })} onSave={onSave} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Physio GmbH{Enter}');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('says a refusal with a listed status in the dialog, any other failure as the network error', () => {
    const error = new ApiError(400, 'Der Name ist vergeben.');
    const first = renderWithApp(
      <NameDialog save={saveState({ isError: true, error })} onSave={vi.fn()} refusedWith={[400]} />,
    );
    expect(screen.getByText('Der Name ist vergeben.')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.netzwerkfehlerText)).not.toBeInTheDocument();
    first.unmount();

    renderWithApp(<NameDialog save={saveState({ isError: true, error })} onSave={vi.fn()} refusedWith={[404]} />);
    expect(screen.queryByText('Der Name ist vergeben.')).not.toBeInTheDocument();
    expect(screen.getByText(MESSAGES.netzwerkfehlerText)).toBeInTheDocument();
  });

  it('says no failure when the caller says it', () => {
    const error = new ApiError(500, 'Interner Fehler');
    renderWithApp(<NameDialog save={saveState({ isError: true, error })} onSave={vi.fn()} failureSaidByCaller />);
    expect(screen.queryByText(MESSAGES.netzwerkfehlerText)).not.toBeInTheDocument();
  });
});
