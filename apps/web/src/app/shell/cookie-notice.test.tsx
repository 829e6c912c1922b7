import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { COOKIE_NOTICE_KEY, CookieNotice } from './cookie-notice.tsx';

describe('CookieNotice', () => {
  it('links the privacy page and stays away once understood', async () => {
    const { unmount } = renderWithApp(<CookieNotice />);
    const notice = screen.getByRole('region', { name: 'Cookie-Hinweis' });
    expect(screen.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/datenschutz');

    await userEvent.click(screen.getByRole('button', { name: 'Verstanden' }));
    expect(notice).not.toBeInTheDocument();
    expect(localStorage.getItem(COOKIE_NOTICE_KEY)).toBe('verstanden');

    unmount();
    renderWithApp(<CookieNotice />);
    expect(screen.queryByRole('region', { name: 'Cookie-Hinweis' })).not.toBeInTheDocument();
  });
});
