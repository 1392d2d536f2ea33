import { formatMoney } from '@/lib/money';
import type { Promotion } from '../api/promotions';

/** "10 % off (max $5.00)", "$3.00 off": a promotion's offer in words. */
export const offerOf = (p: Promotion) =>
  `${p.kind === 'percent' ? `${p.value} % off` : `${formatMoney(p.value, p.currency)} off`}${p.max_discount_cents ? ` (max ${formatMoney(p.max_discount_cents, p.currency)})` : ''}`;
/** A moment in the reader's locale (date and time), or a dash for none. */
export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—');
