const formats = new Map<string, Intl.NumberFormat>();

/** Integer minor units in a currency, in the reader's locale: 250 USD → "$2.50". */
export function formatCents(cents: number, currency: string): string {
  let format = formats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    } catch {
      return `${(cents / 100).toFixed(2)} ${currency}`;
    }
    formats.set(currency, format);
  }
  return format.format(cents / 100);
}
