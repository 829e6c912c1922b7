import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LeaveSessionButton } from './leave-session-button.tsx';

describe('LeaveSessionButton (issue 33 item 5)', () => {
  it('asks first; cancelling keeps the session, confirming leaves', async () => {
    const onLeave = vi.fn();
    render(<LeaveSessionButton text="Sie verlassen die Videositzung." onLeave={onLeave} />);

    await userEvent.click(screen.getByRole('button', { name: 'Sitzung verlassen' }));
    const dialog = screen.getByRole('dialog', { name: 'Sitzung verlassen?' });
    expect(dialog).toHaveAccessibleDescription('Sie verlassen die Videositzung.');
    // a stray Enter cancels: the focus is on "Abbrechen"
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onLeave).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Sitzung verlassen' }));
    const again = screen.getByRole('dialog', { name: 'Sitzung verlassen?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Sitzung verlassen' }));
    expect(onLeave).toHaveBeenCalledTimes(1);
  });
});
