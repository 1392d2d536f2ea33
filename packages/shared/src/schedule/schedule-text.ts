import { WEEKDAY_SHORT } from './weekdays';

const DAY_LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** "Tue 07:00–11:00". */
export const shiftWords = (s: { weekday: number; start: string; end: string }) => `${WEEKDAY_SHORT[s.weekday]} ${s.start}–${s.end}`;

/** The words of /driver-schedule, the shift reminder and the dashboard's coverage (issue 14, decision 0047). */
export const scheduleText = {
  page: {
    title: 'My schedule',
    intro: 'The hours you plan to drive each week, and time off. We remind you before each shift; time off skips the shifts it covers.',
    timesIn: (city: string, tz: string) => `Times are in ${city} time (${tz}).`,
    nextShiftLabel: 'Next shift',
    nextShift: (s: { weekday: number; start: string; end: string }) => `Next shift: ${shiftWords(s)}`,
    noNextShift: 'No shift in the coming week.',
    /** The next shift's day said relative to today, where it is today or tomorrow (the driver's dashboard). */
    shiftDay: { today: 'Today', tomorrow: 'Tomorrow', underWay: 'Under way now' },
    weekTitle: 'Weekly hours',
    dayLong: DAY_LONG,
    noBlocks: 'Not driving',
    addBlock: 'Add hours',
    addBlockTo: (day: string) => `Add hours on ${day}`,
    remove: 'Remove',
    removeBlock: (day: string, start: string, end: string) => `Remove ${day} ${start}–${end}`,
    from: 'From',
    to: 'To',
    fromLabel: (day: string, n: number) => `${day}, block ${n}: from`,
    toLabel: (day: string, n: number) => `${day}, block ${n}: to`,
    hint: 'Quarter-hour steps. A night shift: end at 24:00 and start the next day at 00:00.',
    save: 'Save week',
    saving: 'Saving…',
    saved: 'Week saved',
    unsaved: 'You have unsaved changes.',
    saveFailed: (why: string) => `Not saved: ${why} Your changes are still here.`,
    loadFailed: 'Your schedule could not be loaded.',
    timeOffTitle: 'Time off',
    noTimeOff: 'No time off planned.',
    timeOffFrom: 'Starts',
    timeOffTo: 'Ends',
    note: 'Note (optional)',
    addTimeOff: 'Add time off',
    adding: 'Adding…',
    timeOffAdded: 'Time off added',
    timeOffRemoved: 'Time off removed',
    removeTimeOff: (when: string) => `Remove time off ${when}`,
    timeOffFailed: (why: string) => `Time off not saved: ${why}`,
  },
  reminder: (s: { weekday: number; start: string; end: string }, minutes: number) => ({
    type: 'other' as const,
    title: 'Your shift starts soon',
    message: `Your shift ${shiftWords(s)} starts in ${minutes} minutes. Go online on the Drive page when you are ready.`,
  }),
  coverage: {
    title: 'Scheduled drivers and demand, coming week',
    intro: 'Per hour: drivers scheduled in the coming week beside rides requested in that hour of the week, averaged over the last 4 weeks.',
    scheduled: 'Scheduled drivers',
    rides: 'Rides per hour (4-week average)',
    city: 'City',
    day: 'Day',
    mostShort: (c: { weekday: number; hour: number; scheduled: number; rides: number }) =>
      `Most short: ${WEEKDAY_SHORT[c.weekday]} ${String(c.hour).padStart(2, '0')}:00 (${c.scheduled} scheduled, ${formatRides(c.rides)} rides/h)`,
    noShortage: 'No rides in the last 4 weeks to compare with.',
    cell: (day: string, hour: number, scheduled: number, rides: number) =>
      `${day} ${String(hour).padStart(2, '0')}:00: ${scheduled} scheduled, ${formatRides(rides)} rides per hour`,
    loadFailed: "We couldn't load the schedule coverage. Check your connection and try again.",
    legend: 'Each cell: scheduled drivers over rides per hour. Red: more rides per scheduled driver.',
  },
  formatRides: (n: number) => formatRides(n),
};

function formatRides(n: number) {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}
