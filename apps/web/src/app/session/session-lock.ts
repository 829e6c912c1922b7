/**
 * Why the page is locked (issue 31 item 6): the page found its session idle or expired itself, or the server refused
 * a call; then `code` and `message` are the server's (idle, locked account, ended elsewhere).
 */
export interface SessionLock {
  cause: 'inaktiv' | 'abgelaufen' | 'abgelehnt';
  code?: string | undefined;
  message?: string | undefined;
}
