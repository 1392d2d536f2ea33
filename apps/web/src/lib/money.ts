import { formatMoney as formatIn } from '@openride/shared/money';

/** The reader's language, as the browser says it (the app's language choice takes over with issue 30 §1). */
const readerLocale = () => (typeof navigator === 'undefined' ? undefined : navigator.language) || 'en';

/**
 * Integer minor units in a currency, in the reader's locale: 1234 USD → "$12.34", 1050 JPY → "¥1,050". The one
 * money formatter of the web app (shared money.ts underneath, by the currency's ISO 4217 exponent): rides,
 * pricing, zones and the public pages all show money through it.
 */
export function formatMoney(minor: number, currency: string): string {
  return formatIn(minor, currency, readerLocale());
}
