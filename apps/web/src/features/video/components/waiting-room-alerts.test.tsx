import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeSession, renderWithApp, testSession } from '../../../test/render.tsx';
import type { WaitingPatient, WaitingRoomConnect } from '../waiting-room/waiting-room-listener.ts';
import { WaitingRoomAlerts } from './waiting-room-alerts.tsx';

/** A signaling subscription the test delivers to. */
function fakeConnect() {
  const deliver: { current: ((patient: WaitingPatient) => void) | null } = { current: null };
  const stop = vi.fn();
  const connect = vi.fn<WaitingRoomConnect>(({ onWaiting }) => {
    deliver.current = onWaiting;
    return stop;
  });
  return { connect, deliver, stop };
}

const therapist = fakeSession(testSession({ sub: 't@demo.de', role: 'THERAPEUT', userId: 4 }));
const paula: WaitingPatient = { conferenceId: 12, vorname: 'Paula', nachname: 'Patientin' };

describe('WaitingRoomAlerts (issue 33 item 5)', () => {
  it('announces a patient entering the waiting room with sound, notification and the way to the session', async () => {
    const { connect, deliver, stop } = fakeConnect();
    const chime = vi.fn();
    const notify = vi.fn();
    const { unmount } = renderWithApp(<WaitingRoomAlerts connect={connect} chime={chime} notify={notify} />, {
      path: '/therapeut/termine',
      session: therapist,
      routes: [{ path: '/video/therapie/therapeut/:conferenceId', element: <p>Sitzungsseite</p> }],
    });
    expect(connect).toHaveBeenCalledWith(expect.objectContaining({ token: 'token', userId: 4 }));
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();

    act(() => deliver.current!(paula));
    expect(within(region).getByText('Paula Patientin ist im Warteraum.')).toBeInTheDocument();
    expect(chime).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith(12, expect.any(Function));
    // the same patient again (a new arrival) sounds again but stays one notice
    act(() => deliver.current!(paula));
    expect(chime).toHaveBeenCalledTimes(2);
    expect(within(region).getAllByText(/ist im Warteraum/)).toHaveLength(1);

    await userEvent.click(within(region).getByRole('link', { name: 'Zur Sitzung' }));
    expect(await screen.findByText('Sitzungsseite')).toBeInTheDocument();
    expect(screen.queryByText(/ist im Warteraum/)).not.toBeInTheDocument();

    unmount();
    expect(stop).toHaveBeenCalled();
  });

  it('closes a notice on request', async () => {
    const { connect, deliver } = fakeConnect();
    renderWithApp(<WaitingRoomAlerts connect={connect} chime={vi.fn()} notify={vi.fn()} />, { session: therapist });
    act(() => deliver.current!(paula));
    await userEvent.click(screen.getByRole('button', { name: 'Hinweis zu Paula Patientin schließen' }));
    expect(screen.queryByText(/ist im Warteraum/)).not.toBeInTheDocument();
  });

  it('does not listen for a patient', () => {
    const { connect } = fakeConnect();
    renderWithApp(<WaitingRoomAlerts connect={connect} />, {
      session: fakeSession(testSession({ sub: 'p@demo.de', role: 'PATIENT', userId: 5 })),
    });
    expect(connect).not.toHaveBeenCalled();
  });
});
