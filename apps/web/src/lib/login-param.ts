import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The query parameter that opens the login dialog (spec 1, section 2.4): /?login, /agb?login, ... */
export const LOGIN_PARAM = 'login';

/** The search string with the login parameter added, written as a bare `login` rather than `login=`. */
export function searchWithLogin(search: string): string {
  const rest = searchWithoutLogin(search);
  return rest ? `${rest}&${LOGIN_PARAM}` : `?${LOGIN_PARAM}`;
}

export function searchWithoutLogin(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(LOGIN_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The login dialog's open state lives in the address, so a link (or a bookmark) can open it. */
export function useLoginDialogParam(): { open: boolean; openDialog: () => void; closeDialog: () => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const open = new URLSearchParams(location.search).has(LOGIN_PARAM);
  const openDialog = useCallback(() => {
    void navigate({ search: searchWithLogin(location.search) }, { replace: true });
  }, [navigate, location.search]);
  const closeDialog = useCallback(() => {
    void navigate({ search: searchWithoutLogin(location.search) }, { replace: true });
  }, [navigate, location.search]);
  return { open, openDialog, closeDialog };
}
