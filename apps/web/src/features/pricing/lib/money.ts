export { formatMoney as formatCents } from '@/lib/money';
