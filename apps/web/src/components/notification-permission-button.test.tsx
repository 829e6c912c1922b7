import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { NotificationApi } from '../lib/notification-api.ts';
import { NotificationPermissionButton } from './notification-permission-button.tsx';

/** A Notification API as the browser has it, without the constructor that these tests never call. */
function notificationApi(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const requestPermission = vi.fn(() => Promise.resolve(answer));
  const api = Object.assign(function FakeNotification() {}, { permission, requestPermission });
  return { api: api as unknown as NotificationApi, requestPermission };
}

describe('NotificationPermissionButton (issue 33 item 5)', () => {
  it('asks on click and is gone once the therapist decided', async () => {
    const { api, requestPermission } = notificationApi('default', 'granted');
    render(<NotificationPermissionButton api={api} />);
    expect(requestPermission).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Benachrichtigungen erlauben' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Benachrichtigungen erlauben' })).not.toBeInTheDocument();
  });

  it.each(['granted', 'denied'] as const)('is not shown when already %s', (permission) => {
    render(<NotificationPermissionButton api={notificationApi(permission).api} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says what it is for on the appointments page', () => {
    render(<NotificationPermissionButton hint api={notificationApi('default').api} />);
    expect(screen.getByRole('note')).toHaveTextContent('Betritt jemand den Warteraum Ihrer Videositzungen');
    expect(screen.getByRole('button', { name: 'Benachrichtigungen erlauben' })).toBeInTheDocument();
  });

  it('is not shown where the browser has no notifications', () => {
    // jsdom has no Notification API, like some browsers
    render(<NotificationPermissionButton />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
