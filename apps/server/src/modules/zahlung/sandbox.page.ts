import { formatEuroCents } from '@dihs/contract/common/money';
import { PAYMENT_PURPOSE_LABELS, paymentStatusText } from '@dihs/contract/zahlung';
import type { ZahlungRow } from './zahlung.table.ts';

export const SANDBOX_TITLE = 'Testzahlung';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The sandbox's hosted checkout page: plain HTML with one form and no script (the CSP allows none inline), so it
 * works like a provider's page that the platform does not control.
 */
export function renderSandboxCheckout(payment: ZahlungRow, options: { action: string; returnPath: string }): string {
  const open = payment.status === 'PENDING';
  const paid = payment.status === 'PAID';
  const buttons = open
    ? `<button type="submit" name="aktion" value="bezahlen" class="primaer">Bezahlen</button>
        <button type="submit" name="aktion" value="fehlschlag">Fehlschlag simulieren</button>
        <button type="submit" name="aktion" value="abbrechen">Abbrechen</button>`
    : paid
      ? `<button type="submit" name="aktion" value="rueckerstatten">Rückerstattung simulieren</button>
        <button type="submit" name="aktion" value="stornieren">Stornierung simulieren</button>`
      : '';
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${SANDBOX_TITLE}</title>
<style>
  body { font-family: Roboto, Arial, sans-serif; background: #f3f4f6; margin: 0; color: #1f2937; }
  main { max-width: 32rem; margin: 3rem auto; background: #fff; border-radius: 8px; padding: 2rem;
    box-shadow: 0 1px 4px rgba(0,0,0,.15); }
  h1 { font-size: 1.5rem; margin-top: 0; }
  .hinweis { background: #fff7d6; border-left: 4px solid #d4a000; padding: .75rem 1rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .5rem 1rem; }
  dt { font-weight: bold; }
  dd { margin: 0; }
  form { display: flex; flex-wrap: wrap; gap: .75rem; margin: 1.5rem 0; }
  button { font: inherit; padding: .6rem 1.2rem; border-radius: 4px; border: 1px solid #6b7280; background: #fff;
    cursor: pointer; }
  button.primaer { background: #1565c0; border-color: #1565c0; color: #fff; }
  button:focus-visible, a:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <h1>${SANDBOX_TITLE}</h1>
  <p class="hinweis">Dies ist eine simulierte Kartenzahlung des Testbetriebs. Es wird kein Geld bewegt.</p>
  <dl>
    <dt>Verwendungszweck</dt><dd>${escapeHtml(payment.description)}</dd>
    <dt>Art</dt><dd>${escapeHtml(PAYMENT_PURPOSE_LABELS[payment.purpose])}</dd>
    <dt>Betrag</dt><dd>${escapeHtml(formatEuroCents(payment.amountCents))} inkl. MwSt</dd>
    <dt>Status</dt><dd>${escapeHtml(paymentStatusText(payment.status))}</dd>
  </dl>
  ${buttons ? `<form method="post" action="${escapeHtml(options.action)}">\n        ${buttons}\n  </form>` : ''}
  <p><a href="${escapeHtml(options.returnPath)}">Zurück zur Plattform</a></p>
</main>
</body>
</html>
`;
}
