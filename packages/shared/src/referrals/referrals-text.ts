import type { ReferralFlag, ReferralProgram, ReferralReview, ReferralStatus } from './schemas';
import { formatMoney } from '../money';

const money = (cents: number, currency: string) => formatMoney(cents, currency);

/** The words of /referrals and of the referral code at sign-up (decision 0064). */
export const referralsText = {
  page: {
    title: 'Referrals',
    description: 'Invite people to OpenRide with your code and earn rewards when they ride.',
    adminTitle: 'Referrals',
    adminDescription: 'The referral programs, every referral, and the ones held for fraud.',
    loadFailed: 'Your referrals could not be loaded.',
  },
  code: {
    heading: { rider: 'Invite riders', driver: 'Invite drivers' } satisfies Record<ReferralProgram, string>,
    yourCode: 'Your code',
    link: 'Your share link',
    copy: 'Copy link',
    copied: 'Link copied',
    copyFailed: 'Copy the link by hand: your browser did not let us.',
    share: 'Share',
    shareTitle: 'Ride with OpenRide',
    shareText: (code: string) => `Sign up with my code ${code} and get a ride credit on OpenRide.`,
    paused: 'This program is paused: new sign-ups with your code earn nothing for now.',
    riderOffer: (both: string, you: string) =>
      both === you
        ? `You and your friend each get ${you} in ride credit after their first completed ride.`
        : `You get ${you} and your friend gets ${both} in ride credit after their first completed ride.`,
    driverOffer: (amount: string, rides: number, days: number) =>
      `You get a ${amount} bonus when a driver you invite completes ${rides} ride${rides === 1 ? '' : 's'} within ${days} days of approval.`,
    expiry: (days: number) => `A referral has ${days} days to qualify.`,
  },
  rewards: {
    heading: 'Rewards earned',
    none: 'No rewards yet. They appear here as soon as someone you invited qualifies.',
    total: (amount: string, n: number) => `${amount} from ${n} reward${n === 1 ? '' : 's'}`,
  },
  referred: {
    heading: 'People you referred',
    none: 'No one has signed up with your code yet.',
    progress: (done: number, required: number) => `${done} of ${required} ride${required === 1 ? '' : 's'}`,
    expires: (date: string) => `Expires ${date}`,
    earned: (amount: string) => `You earned ${amount}`,
    program: { rider: 'Rider', driver: 'Driver' } satisfies Record<ReferralProgram, string>,
  },
  statuses: {
    pending: 'In progress',
    qualified: 'Qualified',
    rewarded: 'Rewarded',
    expired: 'Expired',
    flagged: 'Under review',
    rejected: 'Not paid',
  } satisfies Record<ReferralStatus, string>,
  /** The notifications of a reward that landed (decision 0069): kind payment, opening /referrals. */
  notice: {
    referrerCredit: (cents: number, currency: string, friend: string) => ({
      type: 'success' as const,
      title: 'Referral reward',
      message: `${friend} took their first ride: ${money(cents, currency)} of ride credit is in your wallet.`,
    }),
    refereeCredit: (cents: number, currency: string) => ({
      type: 'success' as const,
      title: 'Referral reward',
      message: `Welcome aboard: ${money(cents, currency)} of ride credit from your friend's invitation is in your wallet.`,
    }),
    driverBonus: (cents: number, currency: string, friend: string) => ({
      type: 'success' as const,
      title: 'Referral bonus',
      message: `${friend} completed their rides: your ${money(cents, currency)} bonus is paid with your next payout.`,
    }),
    bonusToWallet: (cents: number, currency: string, friend: string) => ({
      type: 'success' as const,
      title: 'Referral bonus',
      message: `${friend} completed their rides: your ${money(cents, currency)} bonus is in your wallet.`,
    }),
  },
  signUp: {
    label: 'Referral code (optional)',
    hint: 'Got a code from a friend? Enter it to get your ride credit.',
    invalid: 'Enter the 8-character referral code, or leave it empty.',
    claimFailed: 'Your account is ready, but the referral code was not added',
    claimed: 'Referral code added',
  },
  admin: {
    programs: 'Program settings',
    program: { rider: 'Rider program', driver: 'Driver program' } satisfies Record<ReferralProgram, string>,
    programHint: {
      rider: 'Both get wallet credit after the new rider’s first completed ride.',
      driver: 'The referring driver gets a bonus, paid with payouts, after the new driver completes N rides within D days of approval.',
    } satisfies Record<ReferralProgram, string>,
    enabled: 'Running',
    referrerReward: (currency: string) => `Referrer’s reward (${currency})`,
    refereeReward: (currency: string) => `New rider’s credit (${currency})`,
    ridesRequired: 'Rides required (N)',
    withinDays: 'Within days of approval (D)',
    expiryDays: 'Expires after (days)',
    save: 'Save program',
    saved: 'Program saved',
    saveFailed: 'The program was not saved.',
    version: (v: number, when: string | null, by: string | null) => `Version ${v}${when ? ` · ${when}` : ''}${by ? ` · ${by}` : ''}`,
    city: 'City',
    defaultScope: 'Default (cities without their own)',
    defaultHint:
      'Every city without settings of its own uses these, in its own currency. The expiry is set at sign-up, before we know the new person’s city, so it is here only.',
    usesDefault: 'This city uses the default settings. Saving gives it settings of its own.',
    cityHint: (currency: string) => `Amounts in ${currency}. The new person’s city is where they took their first ride.`,
    columnsReview: 'Review',
    approve: 'Approve',
    reject: 'Reject',
    approveTitle: 'Approve this referral?',
    approveDescription: (referee: string) => `The reward for ${referee} is paid now if their rides already qualified it, or when they do.`,
    rejectTitle: 'Reject this referral?',
    rejectDescription: (referee: string) => `The referral of ${referee} will never be paid.`,
    note: 'Note',
    noteRequired: 'Please write a note.',
    approved: 'Referral approved',
    rejected: 'Referral rejected',
    reviewFailed: 'The referral was not reviewed.',
    reviewed: (review: ReferralReview, by: string | null, note: string | null) =>
      `${review === 'approved' ? 'Approved' : 'Rejected'}${by ? ` by ${by}` : ''}${note ? `: ${note}` : ''}`,
    cost: 'Rewards paid',
    counts: 'Referrals',
    list: 'All referrals',
    search: 'Search by name, email or code',
    empty: 'No referrals yet.',
    loadFailed: "We couldn't load the referrals. Check your connection and try again.",
    flagged: 'Flagged',
    flaggedOnly: 'Flagged only',
    columns: { created: 'Signed up', program: 'Program', referrer: 'Referrer', referee: 'New person', status: 'Status', reward: 'Rewards' },
    flags: { shared_phone: 'Shared phone number', shared_card: 'Shared payment card', shared_device: 'Shared device' } satisfies Record<ReferralFlag, string>,
  },
} as const;
