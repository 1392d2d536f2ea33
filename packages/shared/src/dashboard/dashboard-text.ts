import { moneyInputValue } from '../money';
import { GOAL_MAX_EARNINGS_CENTS, GOAL_MAX_TRIPS, GOAL_MIN_EARNINGS_CENTS } from './limits';

/** What the goal's checks say: the server's schema and the page's own check use the same sentences. */
export const dashboardGoalWords = {
  earningsMin: `An earnings goal is at least ${GOAL_MIN_EARNINGS_CENTS} in the currency's minor units.`,
  earningsMax: `An earnings goal is at most ${GOAL_MAX_EARNINGS_CENTS} in the currency's minor units.`,
  /** The page's own check, in the driver's city's currency. */
  earningsRange: (currency: string) =>
    `An earnings goal in ${currency} is from ${moneyInputValue(GOAL_MIN_EARNINGS_CENTS, currency)} to ${moneyInputValue(GOAL_MAX_EARNINGS_CENTS, currency)}.`,
  tripsRange: `A trips goal is a whole number from 1 to ${GOAL_MAX_TRIPS}.`,
};

/** The words of the driver's own dashboard at its secret path (issue 14, decision 0050). */
export const dashboardText = {
  title: 'My dashboard',
  menuLink: 'My dashboard',
  hello: (name: string) => `Hi, ${name.split(' ')[0] || name}`,
  loadFailed: 'Your dashboard could not be loaded.',
  online: { title: 'Status' },
  today: {
    title: 'Today',
    earnings: 'Earned',
    trips: 'Trips',
    tips: (amount: string) => `incl. ${amount} tips`,
    noRides: 'No rides yet today.',
    of: (goal: string) => `of ${goal}`,
    reached: 'Goal reached',
    progress: (label: string, pct: number) => `${label}: ${pct}% of your goal`,
    fromLedger: 'From your earnings; details on the Earnings page.',
    earningsLink: 'Earnings',
  },
  goal: {
    title: 'Daily goal',
    none: 'No goal set. Set one to see how your day is going.',
    set: 'Set goal',
    change: 'Change goal',
    earnings: (currency: string) => `Earnings goal (${currency})`,
    trips: 'Trips goal',
    hint: 'Either or both; leave a box empty for no goal on it.',
    save: 'Save goal',
    saving: 'Saving…',
    clear: 'Clear goal',
    cancel: 'Cancel',
    saved: 'Goal saved',
    cleared: 'Goal cleared',
    failed: (why: string) => `Not saved: ${why}`,
    badEarnings: (currency: string) => `Write an amount in ${currency}, like ${moneyInputValue(15_050, currency)}.`,
  },
  work: {
    title: 'How you work',
    acceptance: 'Acceptance',
    cancellation: 'Cancellation',
    rating: 'Rating',
    none: '—',
    ratings: (n: number) => (n === 1 ? '1 rating' : `${n} ratings`),
    offers: (n: number) => (n === 1 ? 'of 1 offer' : `of ${n} offers`),
    rides: (n: number) => (n === 1 ? 'of 1 ride' : `of ${n} rides`),
    comments: 'Latest comments',
    noComments: 'No comments from riders yet.',
    stars: (n: number) => `${n} of 5 stars`,
  },
  shift: { title: 'Next shift', none: 'No shift planned in the coming week.', plan: 'Plan your week', failed: 'Your schedule could not be loaded.' },
  demand: {
    title: 'Demand near you',
    intro: (fromHour: number) => `Ride requests since ${String(fromHour).padStart(2, '0')}:00 within 5 km.`,
    from: { live: 'From where you are now.', last_ride: 'From where your last ride was.', city: 'From the city centre.' },
    none: 'No ride requests near you in the last hour.',
    cell: (requests: number, where: string) => `${requests === 1 ? '1 request' : `${requests} requests`}, ${where}`,
    away: (distance: string, direction: string) => `${distance} ${direction}`,
    failed: 'Demand near you could not be loaded.',
    here: 'right here',
  },
  alerts: {
    title: 'Documents',
    allGood: 'Your documents are in order.',
    onHold: 'You cannot go online until this is fixed',
    failed: 'Document status is not available right now.',
    upload: 'Upload',
    status: {
      missing: 'Missing',
      in_review: 'In review',
      approved: 'Approved',
      rejected: 'Rejected',
      expiring: 'Expiring',
      expired: 'Expired',
    },
    expiresIn: (days: number) => (days <= 0 ? 'expires today' : days === 1 ? 'expires tomorrow' : `expires in ${days} days`),
    expiredOn: (date: string) => `expired ${date}`,
    required: 'required',
  },
} as const;

const COMPASS = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'] as const;
/** 0–359 degrees → "north-east". */
export const compassWord = (bearing: number) => COMPASS[Math.round((((bearing % 360) + 360) % 360) / 45) % 8]!;
