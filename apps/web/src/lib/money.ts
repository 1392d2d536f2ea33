const formats = new Map<string, Intl.NumberFormat>();

/**
 * Integer minor units (cents) in a currency, in the reader's locale: 1234 USD → "$12.34". The one money
 * formatter of the web app: rides, pricing, zones and the public pages all show money through it.
 */
export function formatMoney(cents: number, currency: string): string {
  let format = formats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    } catch {
      // A currency code this browser does not know: the amount still reads.
      return `${(cents / 100).toFixed(2)} ${currency}`;
    }
    formats.set(currency, format);
  }
  return format.format(cents / 100);
}
