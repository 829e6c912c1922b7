/** Sends the browser to another site or a server page (the payment provider); a module of its own so tests can replace it. */
export function leavePage(url: string): void {
  window.location.assign(url);
}
