// An amount as the issuer sent it (a decimal string, "1234.5") written in the reader's language: separators, the
// currency's code, and never fewer decimals than the currency uses nor fewer than were sent (nothing is rounded).
// The string goes to Intl as it is, so no digit is lost to floating point.

const DECIMAL = /^-?\d+(\.\d+)?$/;

export function formatAmount(amount: string, currency: string | null, locale: string): string {
  const text = amount.trim();
  if (!DECIMAL.test(text)) return `${amount} ${currency ?? ""}`.trim();
  const sent = text.split(".")[1]?.length ?? 0;
  try {
    const base = currency
      ? new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: "code" }).resolvedOptions()
      : { minimumFractionDigits: 0 };
    const digits = Math.min(20, Math.max(sent, base.minimumFractionDigits ?? 0));
    const format = new Intl.NumberFormat(locale, {
      ...(currency ? { style: "currency", currency, currencyDisplay: "code" } : {}),
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    // Intl takes a decimal string exactly (NumberFormat v3); its types still say number.
    return format.format(text as unknown as number);
  } catch {
    return `${amount} ${currency ?? ""}`.trim(); // a currency code Intl does not know
  }
}
