/**
 * The one money module (issue 30 §3): every amount is an integer in its currency's minor unit by the ISO 4217
 * exponent, and is read, typed and written through these functions — never `/ 100`.
 */

/** The locale of sentences the server writes until messages follow the recipient's language (issue 30 §1). */
export const SERVER_LOCALE = 'en';

/** The ISO 4217 codes this runtime knows (Intl's list): a city's currency must be one of them. */
const CURRENCIES = new Set<string>(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : []);
export const isCurrency = (code: string) => /^[A-Z]{3}$/.test(code) && (CURRENCIES.size === 0 || CURRENCIES.has(code));

/**
 * A currency's minor units (ISO 4217's exponent, as the runtime's Intl knows it): EUR and USD 2, JPY and KRW 0,
 * KWD and BHD 3. Every money figure is kept as integer minor units (decision 0037); this says how a person
 * types and reads them. An unknown code reads as 2.
 */
export function currencyExponent(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * What a person typed as an amount in `currency` → integer minor units, exactly (no floating point): "12.4"
 * EUR → 1240, "500" JPY → 500. undefined when empty; NaN when it is not an amount (letters, a sign, more
 * decimals than the currency has, more than 9 whole digits).
 */
export function parseMoney(value: string, currency: string): number | undefined {
  const v = value.trim();
  if (v === '') return undefined;
  const exponent = currencyExponent(currency);
  const shape = exponent === 0 ? /^\d{1,9}$/ : new RegExp(`^\\d{1,9}(\\.\\d{1,${exponent}})?$`);
  if (!shape.test(v)) return Number.NaN;
  const [whole, frac = ''] = v.split('.');
  return Number(whole) * 10 ** exponent + Number(frac.padEnd(exponent, '0') || '0');
}

/** Integer minor units → what a form's amount field shows: 1240 EUR → "12.40", 500 JPY → "500". */
export function moneyInputValue(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  if (exponent === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 10 ** exponent)}.${String(abs % 10 ** exponent).padStart(exponent, '0')}`;
}

/** Minor units as the decimal number they stand for, exactly, as text: 1240 EUR → "12.40", -5 USD → "-0.05", 500 JPY → "500". */
export const moneyDecimal = moneyInputValue;

const formats = new Map<string, Intl.NumberFormat | null>();

/**
 * Minor units in `currency` for a person to read, in `locale` (the reader's; the server's sentences use
 * SERVER_LOCALE): 1234 USD → "$12.34", 1050 JPY → "¥1,050", 1234 KWD → "KWD 1.234". A code Intl does not know
 * still reads ("12.34 XYZ").
 */
export function formatMoney(minor: number, currency: string, locale: string = SERVER_LOCALE): string {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      format = null;
    }
    formats.set(key, format);
  }
  // The decimal text, not a division: exact for every amount.
  return format ? format.format(Number(moneyDecimal(minor, currency))) : `${moneyDecimal(minor, currency)} ${currency}`;
}
