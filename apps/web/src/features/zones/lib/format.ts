export { formatMoney } from '@/lib/money';
