import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WaitingRoomNotice } from './waiting-room-notice.tsx';

describe('WaitingRoomNotice (issue 33 item 5)', () => {
  it('names the therapist and says that they were notified', () => {
    render(<WaitingRoomNotice therapeut="Thomas Therapeut" />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Sie sind im Warteraum.');
    expect(status).toHaveTextContent('Thomas Therapeut wurde benachrichtigt, dass Sie im Warteraum sind.');
    expect(status).toHaveTextContent('Die Sitzung beginnt, sobald Thomas Therapeut beitritt.');
  });

  it('stays neutral without a name', () => {
    render(<WaitingRoomNotice therapeut={null} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Ihre therapeutische Fachkraft wurde benachrichtigt, dass Sie im Warteraum sind.',
    );
  });
});
