/**
 * Sends the whole tab to the payment page (issue 32 item 3: one flow, no second window). The provider sends the
 * browser back to the plan with `?cart={id}`; everything the plan then shows is read from the server. An object so
 * that tests can watch the navigation (vi.spyOn), which jsdom does not perform.
 */
export const zahlungsseite = {
  oeffnen(url: string): void {
    window.location.assign(url);
  },
};
