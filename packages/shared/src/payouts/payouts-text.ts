import { moneyInputValue } from '../money';
import { moneyIn } from '../public/public-text';

const dateWords = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone }).format(new Date(iso));

/**
 * The sentence a driver reads when going online is refused (DRIVER_BALANCE_OVERDUE): how much, since when,
 * and how to pay. The server writes it (en-US money); /driver-active and /driver-earnings show it.
 */
export function overdueMessage(
  s: { currency: string; balance_cents: number; settle_cents: number; negative_balance_limit_cents: number; settle_by: string | null },
  timeZone: string,
) {
  const money = moneyIn(s.currency);
  const since = s.settle_by ? ` The time to settle ended ${dateWords(s.settle_by, timeZone)}.` : '';
  return `You owe ${money(s.balance_cents)}, more than your ${money(s.negative_balance_limit_cents)} limit.${since} Pay at least ${money(s.settle_cents)} in cash to the operator to go online again; it counts as soon as they record it.`;
}

/** What each kind of transaction on a driver's account is called on their statement. */
export const TRANSACTION_WORDS: Record<string, string> = {
  'ride.completed': 'Ride',
  'ride.cancellation_fee': 'Cancellation fee',
  'ride.tip': 'Tip',
  'payment.capture_failed': 'Card declined',
  refund: 'Refund',
  'wallet.credit': 'Credit',
  payout: 'Payout to your bank',
  'payout.paid': 'Payout paid',
  'payout.failed': 'Payout returned',
  'driver.cash_received': 'Cash handed in',
  adjustment: 'Adjustment',
  reversal: 'Correction',
  'referral.reward': 'Referral bonus',
};
export const transactionWords = (kind: string) => TRANSACTION_WORDS[kind] ?? kind;

type Money = (cents: number) => string;
const day = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The words of /driver-earnings and /driver-payouts (issue 13, decision 0040). */
export const payoutsText = {
  day,
  earnings: {
    title: 'Driver Earnings',
    intro: 'What you earned, the cash you collected, and where you stand with the platform.',
    loadFailed: 'Your earnings could not be loaded.',
    periods: { today: 'Today', week: 'This week', month: 'This month' } as const,
    periodsLabel: 'Period',
    balanceTitle: 'Your balance',
    youOwe: (m: string) => `You owe ${m}`,
    youreOwed: (m: string) => `You're owed ${m}`,
    settled: "You're all settled",
    nextPayout: (date: string, minimum: string, weekday: number) =>
      `Next payout: ${day(date)}. Payouts go out every ${WEEKDAYS[weekday] ?? 'week'} when you're owed ${minimum} or more.`,
    belowMinimum: (minimum: string) => `Paid out once it reaches ${minimum}.`,
    withinLimit: (limit: string) =>
      `Nothing to pay yet: you can owe up to ${limit}. It comes off your next card earnings, or pay it in cash to the operator any time.`,
    settleBy: (amount: string, when: string) => `Pay at least ${amount} by ${when} to keep going online. Pay in cash to the operator.`,
    blockedTitle: "You can't go online until you settle",
    settledNote: 'Nothing owed either way.',
    net: 'Net earned',
    cash: 'Cash collected',
    trips: 'Trips',
    tips: 'Tips',
    cashVsNet: (cash: string, net: string) => `You collected ${cash} in cash and earned ${net}.`,
    cashKeeps: (diff: string) => `The platform's share of that cash, ${diff}, is added to what you owe.`,
    cashOwed: (diff: string) => `You earned ${diff} more than you collected: it's added to what you're owed.`,
    chartTitle: 'By day',
    chartLegendNet: 'Net earned',
    chartLegendCash: 'Cash collected',
    tripsTitle: 'Trips',
    noTrips: 'No trips in this period yet.',
    noTripsHint: 'Each trip you complete shows here with its fare, commission, fees, tip and what you net.',
    noEarnings: 'No earnings in this period yet.',
    noEarningsHint: 'What you earn and the cash you collect will show here, day by day.',
    goOnline: 'Go online',
    trip: (when: string) => `Trip on ${when}`,
    fare: 'Fare',
    commission: 'Commission',
    bookingFee: 'Booking fee',
    tax: 'Tax',
    tip: 'Tip',
    feesReceived: 'Fees received',
    netLine: 'Net',
    cashLine: 'Cash collected',
    statementsTitle: 'Weekly statements',
    statementsIntro: 'Weeks run Monday to Sunday; the last twelve with money in them are listed. Download a week as CSV or open it to print.',
    statementsFailed: 'Your statements could not be loaded.',
    week: (start: string, end: string) => `${day(start)} – ${day(end)}`,
    closing: 'Closing balance',
    open: 'View and print',
    openLabel: (week: string) => `View and print the statement for ${week}`,
    csv: 'Download CSV',
    csvLabel: (week: string) => `Download the statement for ${week} as CSV`,
  },
  statement: {
    title: (week: string) => `Statement, ${week}`,
    back: 'Back to earnings',
    print: 'Print',
    loadFailed: 'This statement could not be loaded.',
    rows: {
      opening: 'Opening balance',
      fares: 'Ride fares',
      commission: 'Commission and fees',
      tips: 'Tips',
      fees: 'Fees received',
      cash_collected: 'Cash collected',
      cash_paid: 'Cash handed in',
      adjustments: 'Adjustments',
      payouts: 'Payouts',
      closing: 'Closing balance',
    },
    linesTitle: 'Transactions',
    linesIntro: 'Each line in your favour (+) or against you (−), and the balance after it.',
    noLines: 'No transactions this week.',
    when: 'When',
    what: 'What',
    amount: 'Amount',
    balance: 'Balance',
    /** A balance in words: positive = the driver owes. */
    balanceWords: (cents: number, money: Money) => (cents > 0 ? `You owe ${money(cents)}` : cents < 0 ? `Owed to you ${money(-cents)}` : money(0)),
  },
  admin: {
    title: 'Driver Payouts',
    intro: 'Pay drivers what they are owed, and collect what cash drivers owe.',
    tabs: { runs: 'Payout runs', collections: 'Collections' } as const,
    tabsLabel: 'Payouts and collections',
    city: 'City',
    previewNow: 'Preview run now',
    previewing: 'Previewing…',
    previewed: 'Preview ready',
    runsFailed: 'Payout runs could not be loaded.',
    noRuns: 'No payout runs yet. Runs are previewed on the payout weekday, or now with "Preview run now".',
    status: { preview: 'Preview', approved: 'Approved — waiting for the bank', closed: 'Closed', discarded: 'Replaced' } as const,
    itemStatus: {
      preview: 'To pay',
      skipped: 'Skipped (no longer owed)',
      pending: 'Sent to the bank',
      paid: 'Paid',
      failed: 'Failed — back to balance',
    } as const,
    runTitle: (city: string, when: string) => `${city} · ${when}`,
    scheduled: (date: string) => `scheduled for ${day(date)}`,
    onDemand: (by: string | null) => (by ? `previewed by ${by}` : 'previewed now'),
    total: (m: string, n: number) => `${m} to ${n} driver${n === 1 ? '' : 's'}`,
    noItems: 'Nobody is owed the minimum payout.',
    driver: 'Driver',
    amount: 'Amount',
    reference: 'Reference',
    approve: 'Approve run',
    approveTitle: 'Approve this payout run?',
    approveText: (m: string) =>
      `Pays ${m} from the platform's books to the drivers listed (or less, if someone is owed less by now). Then export the file for the bank.`,
    approved: 'Run approved',
    exportCsv: 'Export CSV',
    markPaid: 'Mark paid',
    markPaidTitle: 'Mark this run paid?',
    markPaidText: "Every payout sent to the bank is recorded as paid, with the bank's reference.",
    bankReference: 'Bank reference',
    bankReferenceRequired: "Enter the bank's reference",
    paid: 'Run marked paid',
    fail: 'Mark failed',
    failLabel: (name: string) => `Mark ${name}'s payout failed`,
    failTitle: (name: string) => `${name}'s payout failed?`,
    failText: (m: string) => `${m} goes back to the driver's balance and is paid in a later run.`,
    failReason: 'What happened',
    failReasonRequired: 'Say what happened',
    failed: 'Payout returned to the balance',
    actionFailed: 'That did not work. Try again.',
    collectionsFailed: 'Collections could not be loaded.',
    noCollections: 'No driver owes anything.',
    owes: (m: string) => `Owes ${m}`,
    aging: { current: 'Current', d1_30: '1–30 days', d31_60: '31–60 days', d61_90: '61–90 days', d90_plus: '90+ days' } as const,
    agingLabel: 'By age',
    blocked: (since: string) => `Can't go online: over the limit since ${since}`,
    overLimit: (by: string) => `Over the limit: must settle by ${by}`,
    withinLimit: 'Within the limit',
    recordCash: 'Record cash received',
    recordCashLabel: (name: string) => `Record cash received from ${name}`,
    cashTitle: (name: string) => `Cash received from ${name}`,
    cashText: (owed: string) => `They owe ${owed}. Record what they handed in; it's taken off their balance at once.`,
    cashAmount: 'Amount',
    cashAmountHint: (currency: string) => `In ${currency}, like ${moneyInputValue(1240, currency)}`,
    cashReference: 'Receipt reference',
    save: 'Record',
    saving: 'Recording…',
    cancel: 'Cancel',
    recorded: (m: string, name: string) => `${m} recorded for ${name}`,
  },
};
