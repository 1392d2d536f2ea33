import type { RefundAction, RefundBearer, RefundDestination, RefundReason, RefundStatus } from './schemas';
import { formatMoney, moneyInputValue } from '../money';

const money = (cents: number, currency: string) => formatMoney(cents, currency);

/** The words of refunds (decision 0039): the rider's report, its status, and /refund-management. */
export const refundText = {
  reasons: {
    charged_more_than_estimate: 'I was charged more than the estimate',
    route_longer: 'The route was longer than needed',
    driver_detour: 'The driver took a detour',
    cancellation_fee: "A cancellation fee I shouldn't pay",
    ride_not_taken: "I was charged for a ride I didn't take",
    other: 'Something else',
  } satisfies Record<RefundReason, string>,
  statuses: {
    open: 'Waiting for review',
    approved: 'Refunded',
    credited: 'Wallet credit given',
    rejected: 'Rejected',
  } satisfies Record<RefundStatus, string>,
  actions: {
    approve_full: 'Approve full',
    approve_partial: 'Approve partial',
    credit: 'Give wallet credit',
    reject: 'Reject',
  } satisfies Record<RefundAction, string>,
  bearers: { platform: 'The platform', driver: 'The driver' } satisfies Record<RefundBearer, string>,
  destinations: { wallet: 'Wallet credit', card: 'Back to the card', company: 'To the company’s account' } satisfies Record<RefundDestination, string>,

  // The rider's report, on the receipt.
  report: {
    open: 'Report a problem with this fare',
    title: 'Report a problem with this fare',
    intro: 'Tell us what went wrong. We review every report and let you know what we decide.',
    reason: 'What went wrong?',
    amount: (currency: string) => `Amount you think should come back (${currency}, optional)`,
    amountHint: (max: string) => `At most ${max}.`,
    amountInvalid: (currency: string) => `Amount: an amount in ${currency}, like ${moneyInputValue(450, currency)}`,
    comment: 'Anything else we should know? (optional)',
    submit: 'Send report',
    sending: 'Sending…',
    cancel: 'Cancel',
    sent: 'Thanks, we received your report.',
    failed: 'Could not send your report.',
    closed: 'Problems with a fare can be reported up to 30 days after the ride.',
    nothingLeft: 'This fare has been refunded in full.',
  },
  requestTitle: 'Your report',
  requested: (amount: string) => `You asked for ${amount}`,
  refunded: (amount: string, to: string) => `${amount} · ${to}`,
  rejectedBecause: (reason: string) => `Reason: ${reason}`,

  // Notifications to the rider.
  notice: {
    approved: (cents: number, currency: string, to: RefundDestination) => ({
      type: 'success' as const,
      title: 'Refund approved',
      message:
        to === 'wallet'
          ? `We refunded ${money(cents, currency)} to your OpenRide wallet. It is used first on your next rides.`
          : to === 'card'
            ? `We refunded ${money(cents, currency)} to your card.`
            : `This was a business ride: we refunded ${money(cents, currency)} to your company’s account, which paid for it.`,
    }),
    rejected: (reason: string) => ({
      type: 'warning' as const,
      title: 'Refund request declined',
      message: `We looked into your report and did not refund this fare: ${reason}`,
    }),
    cardRefused: (cents: number, currency: string) => ({
      type: 'warning' as const,
      title: 'Refund moved to your wallet',
      message: `We could not send your ${money(cents, currency)} refund back to your card, so we added it to your OpenRide wallet instead. It is used first on your next rides.`,
    }),
  },

  // /refund-management.
  admin: {
    title: 'Refund Management',
    intro: 'Riders’ reports about fares, oldest first. Every refund is posted to the ledger and the rider is notified.',
    tableLabel: 'Refund requests',
    empty: 'No refund requests.',
    loadFailed: "We couldn't load the refund requests. Check your connection and try again.",
    filters: { status: 'Status', reason: 'Reason', age: 'Waiting' },
    ages: { today: 'Less than a day', week: '1–7 days', older: 'More than 7 days' },
    columns: { rider: 'Rider', ride: 'Ride', reason: 'Reason', asked: 'Asked', paid: 'Paid', status: 'Status', age: 'Received' },
    open: 'Review',
    openLabel: (rider: string) => `Review the request of ${rider}`,
    back: 'Refund requests',
    notFound: 'No such refund request.',
    detailFailed: "We couldn't load the refund request. Check your connection and try again.",
    request: 'The request',
    comment: 'Comment',
    noComment: 'No comment',
    fareLines: 'Fare',
    money: 'Money on this ride',
    paid: 'Paid',
    byMethod: { cash: 'Cash', card: 'Card', wallet: 'Wallet', business: 'Company account' },
    tip: 'Tip',
    carried: 'Of which owed from earlier rides',
    refunded: 'Refunded so far',
    refundable: 'Left to refund',
    timeline: 'Timeline',
    route: 'Route',
    routeNone: 'No route recorded for this ride.',
    decide: 'Decision',
    bearer: 'Who bears it',
    amount: (currency: string) => `Amount (${currency})`,
    amountHint: (max: string) => `Up to ${max}.`,
    note: 'Note (optional)',
    rejectReason: 'Reason (the rider reads it)',
    submit: (action: RefundAction) =>
      ({ approve_full: 'Approve full refund', approve_partial: 'Approve partial refund', credit: 'Give wallet credit', reject: 'Reject request' })[action],
    deciding: 'Saving…',
    decided: (action: RefundAction) =>
      ({ approve_full: 'Refund approved.', approve_partial: 'Partial refund approved.', credit: 'Wallet credit given.', reject: 'Request rejected.' })[action],
    failed: 'Could not save the decision.',
    toCard: 'Approvals go back to the card the rider paid with.',
    toWallet: 'This ride was paid in cash or wallet: refunds go to the rider’s wallet as credit.',
    businessNoCredit: 'A business ride’s refund goes back to the company’s account: approve it instead of giving wallet credit.',
    toCompany: 'A business ride: refunds go back to the company’s account (it paid the fare), never to the rider. Wallet credit is not offered.',
    decidedBy: (name: string | null, at: string) => `Decided by ${name ?? 'an admin'} on ${at}`,
    otherRequests: 'Earlier requests on this ride',
    // Proposals (decision 0093): support proposes, someone with refund.approve decides.
    proposed: 'Proposed',
    proposal: 'Proposal',
    proposedBy: (name: string | null, at: string) => `Proposed by ${name ?? 'a staff member'} on ${at}`,
    propose: 'Propose a decision',
    proposeIntro: 'Someone who approves refunds decides on your proposal; the rider is told only of the decision.',
    proposeSubmit: (action: RefundAction) =>
      ({ approve_full: 'Propose full refund', approve_partial: 'Propose partial refund', credit: 'Propose wallet credit', reject: 'Propose rejection' })[
        action
      ],
    proposedToast: 'Proposal saved.',
    proposeFailed: 'Could not save the proposal.',
    useProposal: 'Start from this proposal',
    secondPerson: (above: string) => `Refunds above ${above} need two people: one proposes, another approves.`,
    secondPersonYours: (above: string) => `Refunds above ${above} need two people: another member of staff must approve this one, or decide differently.`,
  },
};
