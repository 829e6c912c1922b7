// The flags every e2e test and the Lighthouse bench start Debian's Chromium with: no sandbox (containers), no GPU,
// no QUIC, and none of the background traffic (first run, component updates, sync) that would compete with the test.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
