/**
 * Money on the platform, for server, web and PDFs alike: amounts are integer cents (never floats), prices include
 * VAT, and they are shown the German way as "12,50 €". No zod in this file: the web's landing page imports it.
 */

/** VAT rate included in every price (documented in docs/decisions.md). */
export const VAT_PERCENT = 19;

/** Integer cents as German euros: 1250 → "12,50 €", 123456 → "1.234,56 €" (a plain space before the sign). */
export function formatEuroCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const euros = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${euros},${String(abs % 100).padStart(2, '0')} €`;
}

/**
 * Gross cents split into net and the VAT they contain. The net is rounded to the cent and the VAT is the rest, so
 * the parts always add up to the gross price printed on invoices.
 */
export function splitVat(grossCents: number, percent = VAT_PERCENT): { netCents: number; vatCents: number } {
  const netCents = Math.round((grossCents * 100) / (100 + percent));
  return { netCents, vatCents: grossCents - netCents };
}
