import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { financeText } from '@openride/shared/finance/finance-text';
import type { FinanceDashboard } from '@openride/shared/finance/views';
import { moneyDecimal } from '@openride/shared/money';
import { formatMoney } from '@/lib/money';

const shortDay = (day: string) => new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/**
 * GMV and net revenue per day, the library /analytics already uses (recharts), loaded on its own. Hidden
 * from screen readers: the table beside it has the same numbers.
 */
export default function FinanceChart({ days, currency }: { days: FinanceDashboard['days']; currency: string }) {
  // Plotted in minor units (the API's integers); the axis reads them in the currency's own units, the tooltip formatted.
  const data = days.map((d) => ({ day: d.day, gmv: d.gmv, net_revenue: d.net_revenue }));
  const money = (v: unknown) => formatMoney(Number(v), currency);
  const tick = (v: unknown) => Number(moneyDecimal(Number(v), currency)).toLocaleString();
  return (
    <div aria-hidden="true" className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 12 }} minTickGap={16} />
          <YAxis tick={{ fontSize: 12 }} width={56} tickFormatter={tick} />
          <Tooltip labelFormatter={(d) => shortDay(String(d))} formatter={(v) => money(v)} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="gmv" name={financeText.dashboard.figures.gmv} fill="#0ea5e9" isAnimationActive={false} />
          <Bar dataKey="net_revenue" name={financeText.dashboard.figures.net_revenue} fill="#10b981" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
