import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SurgeTimeline } from '@openride/shared/surge/views';
import { surgeText } from '@openride/shared/surge/surge-text';

const time = (iso: string) => new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/**
 * A zone's multiplier (left axis) and demand/supply ratio (right axis) per update. Loaded on its own (recharts
 * is large); hidden from screen readers, which read the same numbers in the table under it.
 */
export default function SurgeTimelineChart({ points }: { points: SurgeTimeline['points'] }) {
  const data = points.map((p) => ({ at: p.at, multiplier: p.multiplier_tenths / 10, ratio: p.ratio }));
  return (
    <div aria-hidden="true" className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="at" tickFormatter={time} tick={{ fontSize: 12 }} minTickGap={24} />
          <YAxis yAxisId="m" domain={[1, 'dataMax']} tick={{ fontSize: 12 }} tickFormatter={(v: number) => `${v.toFixed(1)}×`} />
          <YAxis yAxisId="r" orientation="right" tick={{ fontSize: 12 }} />
          <Tooltip labelFormatter={(v) => time(String(v))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line
            yAxisId="m"
            type="stepAfter"
            dataKey="multiplier"
            name={surgeText.page.multiplierNow}
            stroke="#dc2626"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            yAxisId="r"
            type="monotone"
            dataKey="ratio"
            name={surgeText.page.ratio}
            stroke="#2563eb"
            strokeWidth={1.5}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
