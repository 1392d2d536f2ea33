import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { payoutsText } from '@openride/shared/payouts/payouts-text';
import { formatMoney } from '@/lib/money';

const shortDay = (day: string) => new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

type Day = { day: string; net_cents: number; cash_collected_cents: number };

/**
 * Net earned and cash collected per day (recharts, as the analytics pages; loaded on its own). Hidden from
 * screen readers: the figures above it and the trips below say the same.
 */
export default function EarningsChart({ days, currency }: { days: Day[]; currency: string }) {
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <div aria-hidden="true" className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 12 }} minTickGap={16} />
          <YAxis tickFormatter={(v: number) => money(v)} tick={{ fontSize: 11 }} width={56} />
          <Tooltip labelFormatter={(d) => shortDay(String(d))} formatter={(v) => money(Number(v))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="net_cents" name={payoutsText.earnings.chartLegendNet} fill="#10b981" isAnimationActive={false} />
          <Bar dataKey="cash_collected_cents" name={payoutsText.earnings.chartLegendCash} fill="#f59e0b" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
