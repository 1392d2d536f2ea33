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
