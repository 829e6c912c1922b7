import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusedRoom } from '../../lib/focused-room.ts';
import { fakeSession, renderRoutes, testSession } from '../../test/render.tsx';
import { AppShell } from './app-shell.tsx';

/** A page that becomes a focused room on a click, like the session page on „Sitzung beitreten“. */
function SessionLikePage() {
  const [joined, setJoined] = useState(false);
  useFocusedRoom(joined);
  return (
    <>
      <h1>Videositzung</h1>
      <button onClick={() => setJoined((value) => !value)}>{joined ? 'Verlassen' : 'Beitreten'}</button>
    </>
  );
}

describe('AppShell: the focused room (issue 33 item 5)', () => {
  it('shows only the page while a session is joined, and the frame again afterwards', async () => {
    renderRoutes([{ path: '/', element: <AppShell />, children: [{ index: true, element: <SessionLikePage /> }] }], {
      session: fakeSession(testSession({ sub: 'p@demo.de', role: 'PATIENT', userId: 5 })),
    });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Inhalt springen' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Beitreten' }));
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Zum Inhalt springen' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Videositzung' }));

    await userEvent.click(screen.getByRole('button', { name: 'Verlassen' }));
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});
