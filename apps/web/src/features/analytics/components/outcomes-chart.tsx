import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ANALYTICS_OUTCOMES, type AnalyticsDay } from '@openride/shared/analytics/schemas';
import { uiText } from '@openride/shared/ui-text';

/** Outcome colours: green done, ambers and reds for the ways a ride fails, grey still under way. */
const COLORS: Record<(typeof ANALYTICS_OUTCOMES)[number], string> = {
  completed: '#10b981',
  cancelled_by_rider: '#f59e0b',
  cancelled_by_driver: '#f97316',
  cancelled_by_operator: '#8b5cf6',
  no_driver: '#ef4444',
  active: '#94a3b8',
};

const shortDay = (day: string) => new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/**
 * Stacked bars of rides per day by outcome. Loaded on its own (recharts is large, and only admins see
 * charts); hidden from screen readers, which read the same numbers in the table beside it.
 */
export default function OutcomesChart({ days }: { days: AnalyticsDay[] }) {
  return (
    <div aria-hidden="true" className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 12 }} minTickGap={16} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip labelFormatter={(d) => shortDay(String(d))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {ANALYTICS_OUTCOMES.map((key) => (
            <Bar key={key} dataKey={key} name={uiText.analytics.outcomes[key]} stackId="rides" fill={COLORS[key]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
