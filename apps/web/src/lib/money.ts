import { formatMoney as formatIn } from '@openride/shared/money';
import { readerLocale } from './locale';

/**
 * Integer minor units in a currency, in the reader's locale: 1234 USD → "$12.34", 1050 JPY → "¥1,050". The one
 * money formatter of the web app (shared money.ts underneath, by the currency's ISO 4217 exponent): rides,
 * pricing, zones and the public pages all show money through it.
 */
export function formatMoney(minor: number, currency: string): string {
  return formatIn(minor, currency, readerLocale());
}
