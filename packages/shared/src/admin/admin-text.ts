import type { AuditAction } from './audit';

/**
 * Words of the admin kit and the admin pages built on it (the spec shows none of them). Kept per domain,
 * as rides/*-text.ts are, so ui-text.ts stops growing.
 */
export const kitText = {
  search: 'Search',
  filterAll: 'All',
  loadMore: 'Load more',
  loadingMore: 'Loading...',
  exportCsv: 'Export CSV',
  retry: 'Try again',
  cancel: 'Cancel',
  /** "12 of 260" under a table: what is on screen of what matches. */
  shown: (shown: number, total: number | undefined) => (total === undefined ? `${shown} shown` : `${shown} of ${total}`),
  noMatches: 'Nothing matches these filters.',
} as const;

export const auditActionLabels: Record<AuditAction, string> = {
  'driver.approve': 'Driver approved',
  'driver.reject': 'Driver rejected',
  'driver.suspend': 'Driver suspended',
  'driver.reinstate': 'Driver reinstated',
  'rider.block': 'Rider blocked',
  'rider.unblock': 'Rider unblocked',
  'ride.cancel': 'Ride cancelled by operator',
  'city.create': 'City added',
  'city.update': 'City edited',
  'zone.create': 'Zone drawn',
  'zone.update': 'Zone changed',
  'zone.delete': 'Zone deleted',
  'zone.import': 'Zone imported from GeoJSON',
  'fare_policy.create': 'Fare policy version created',
  'cancellation_policy.update': 'Cancellation policy changed',
  'cancellation_policy.create': 'Zone cancellation terms added',
  'cancellation_policy.remove': 'Zone cancellation terms removed',
  'surge.rule': 'Surge rule changed',
  'surge.freeze': 'Surge frozen',
  'surge.unfreeze': 'Surge freeze lifted',
  'surge.override': 'Surge override set',
  'surge.override_clear': 'Surge override ended',
  'surge.demo_rush': 'Demo rush hour switched',
  'refund.approve': 'Refund approved',
  'refund.credit': 'Wallet credit given',
  'refund.reject': 'Refund request rejected',
  'financial_settings.create': 'Financial settings version created',
  'ledger.adjustment': 'Balance adjusted by hand',
  'payout_run.create': 'Payout run previewed',
  'payout_run.approve': 'Payout run approved',
  'payout_run.export': 'Payout run exported for the bank',
  'payout_run.mark_paid': 'Payout run marked paid',
  'payout_item.fail': 'Payout returned to the balance',
  'driver.cash_received': 'Cash received from a driver',
};

export const adminText = {
  users: {
    search: 'Search by name or email',
    role: 'Role',
    roles: { admin: 'Admin', driver: 'Driver', user: 'Rider' },
  },
  drivers: {
    search: 'Search by name, email, phone or plate',
    columns: { driver: 'Driver', vehicle: 'Vehicle', license: 'License', applied: 'Applied', status: 'Status', actions: 'Actions' },
    approveDialog: {
      title: 'Approve application',
      text: (name: string) => `${name} will be able to go online and receive rides.`,
      confirm: 'Approve Driver',
    },
  },
  audit: {
    title: 'Audit log',
    description: 'Every change made by an admin, newest first.',
    empty: 'No admin changes recorded yet.',
    loadFailed: 'Could not load the audit log.',
    admin: 'Admin',
    kind: 'Kind',
    search: 'Search by id, reason or admin',
    columns: { when: 'When', admin: 'Admin', action: 'Kind', entity: 'Record', change: 'Change', reason: 'Reason' },
  },
} as const;

/** /driver/{id}'s words (the spec shows none of this page). */
export const driverDetailText = {
  back: 'Driver management',
  notFound: 'This driver does not exist.',
  loadFailed: "We couldn't load this driver. Check your connection and try again.",
  online: 'Online',
  offline: 'Offline',
  suspended: 'Suspended',
  application: 'Application',
  vehicle: 'Vehicle',
  fields: { email: 'Email', phone: 'Phone', license: 'Licence', applied: 'Applied', reviewed: 'Reviewed', verification: 'Verification' },
  stats: {
    acceptance: 'Acceptance rate',
    cancellation: 'Cancellation rate',
    rating: 'Rating',
    rides: 'Rides completed',
    offers: (accepted: number, total: number) => `${accepted} of ${total} offers`,
    cancelled: (n: number, total: number) => `${n} of ${total} rides`,
    ratings: (n: number) => `${n} rating${n === 1 ? '' : 's'}`,
  },
  position: 'Last position',
  positionLive: 'Live, from the driver’s phone',
  positionAt: (when: string) => `Last seen on a ride at ${when}`,
  positionNone: 'Not seen yet.',
  history: 'Verification history',
  historyNone: 'No decisions yet.',
  rides: 'See this driver’s rides',
  suspend: 'Suspend',
  reinstate: 'Reinstate',
  suspendDialog: {
    title: 'Suspend this driver?',
    text: (name: string) => `${name} goes offline now and cannot go online until reinstated. A ride already under way can finish.`,
    confirm: 'Suspend driver',
  },
  reinstateDialog: {
    title: 'Reinstate this driver?',
    text: (name: string) => `${name} will be able to go online again.`,
    confirm: 'Reinstate driver',
  },
  cancel: 'Cancel',
  reasonLabel: 'Reason (recorded in the audit log)',
  reasonRequired: 'Give a reason (at least 3 characters).',
  done: { suspend: (name: string) => `${name} is suspended.`, reinstate: (name: string) => `${name} is reinstated.` },
  failed: "We couldn't save that. Check your connection and try again.",
  none: '—',
} as const;
