import { useLocation } from 'react-router';

const APP_MODE_PATH = '/video/therapie/app';

/** Whether this window is embedded in another page (the mobile app's web view or a frame). */
function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // a cross-origin parent denies access to window.top, which itself proves the frame
    return true;
  }
}

/** App mode hides header and footer (spec 1, section 2.4): the app-mode route, or any embedding frame. */
export function isAppMode(pathname: string, framed: boolean): boolean {
  return framed || pathname.includes(APP_MODE_PATH);
}

export function useAppMode(): boolean {
  const { pathname } = useLocation();
  return isAppMode(pathname, isFramed());
}
