import { Link } from 'react-router';
import { CalendarClock } from 'lucide-react';
import { scheduleText, shiftWords } from '@openride/shared/schedule/schedule-text';
import { uiText } from '@openride/shared/ui-text';
import { QueryView } from '@/components/ui/query-view';
import { useSchedule } from '../api/schedule';

const text = scheduleText.page;

const localDay = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** "Under way now", "Today", "Tomorrow", or null (the weekday in the shift's words says it). */
export function shiftDayWord(shift: { starts_at: string; ends_at: string }, timeZone: string, now = new Date()): string | null {
  const start = new Date(shift.starts_at);
  if (start <= now && now < new Date(shift.ends_at)) return text.shiftDay.underWay;
  const day = localDay(start, timeZone);
  if (day === localDay(now, timeZone)) return text.shiftDay.today;
  if (day === localDay(new Date(now.getTime() + 86_400_000), timeZone)) return text.shiftDay.tomorrow;
  return null;
}

/** The driver's next shift as a card (the dashboard at its secret path shows it), with a link to plan the week. */
export function NextShiftCard() {
  const schedule = useSchedule();
  return (
    <section aria-labelledby="next-shift-title" className="rounded-3xl border border-ink-200 bg-white p-5">
      <h2 id="next-shift-title" className="text-sm font-semibold tracking-wide text-ink-500 uppercase">
        {text.nextShiftLabel}
      </h2>
      <QueryView query={schedule} loadFailed={text.loadFailed} loadingClassName="min-h-16" errorClassName="mt-3">
        {(s) => (
          <div className="mt-2 flex items-start gap-3">
            <CalendarClock className="mt-0.5 size-6 shrink-0 text-ink-700" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              {s.next_shift && shiftDayWord(s.next_shift, s.city.timezone) ? (
                <p className="text-sm font-semibold text-brand-700">{shiftDayWord(s.next_shift, s.city.timezone)}</p>
              ) : null}
              <p className="text-lg font-bold text-ink-900" data-testid="dashboard-next-shift">
                {s.next_shift ? shiftWords(s.next_shift) : text.noNextShift}
              </p>
              {s.next_shift ? <p className="text-sm text-ink-600">{text.timesIn(s.city.name, s.city.timezone)}</p> : null}
              <Link
                to="/driver-schedule"
                className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
              >
                {uiText.pages.driverSchedule.title}
              </Link>
            </div>
          </div>
        )}
      </QueryView>
    </section>
  );
}
