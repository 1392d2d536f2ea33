/**
 * Staff roles and what each may do (issue 29 §2, decision 0089). Every console route names one permission in
 * its contract entry (`permission`); `mount` refuses a staff member whose role lacks it with 403
 * STAFF_PERMISSION_REQUIRED, and the web shows only the links, pages and buttons the signed-in staff member's
 * permissions allow. A role is a list of permissions here, nowhere else.
 */
export const STAFF_ROLES = ['owner', 'operations', 'support', 'finance', 'compliance', 'marketing'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Every permission, `area.action`; reading an area is its own permission, changing it another. */
export const PERMISSIONS = [
  // The console itself: its hidden path (every staff member).
  'console.open',
  // Settings
  'staff.manage',
  'audit.read',
  'user.read',
  // Operations
  'ride.read',
  'ride.cancel',
  'dispatch.manage',
  'analytics.read',
  'support.handle',
  'sos.handle',
  'procedure.edit',
  // Drivers and riders
  'driver.read',
  'driver.approve',
  'driver.suspend',
  'rider.read',
  'rider.block',
  // Compliance
  'document.read',
  'document.review',
  'document_types.manage',
  'insurance.review',
  'vehicle.read',
  'vehicle.review',
  'vehicle_rules.manage',
  'legal.publish',
  // Pricing
  'fare_policy.read',
  'fare_policy.publish',
  'cancellation_policy.publish',
  'zone.read',
  'zone.manage',
  'city.manage',
  'surge.read',
  'surge.override',
  'surge.rule',
  // Money
  'finance.read',
  'financial_settings.publish',
  'ledger.adjust',
  'refund.read',
  'refund.propose',
  'refund.approve',
  'payout.read',
  'payout.prepare',
  'payout.approve',
  'payout.settle',
  'invoice.read',
  'invoice.issue',
  'invoice.mark_paid',
  // Growth
  'promotion.read',
  'promotion.manage',
  'referral.read',
  'referral.manage',
  'company.read',
  'company.manage',
  'video.create',
  'faq.edit',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ALL: readonly Permission[] = PERMISSIONS;

/**
 * What each role may do. The owner may do everything and is the only one who manages staff. Operations runs
 * the city: rides, dispatch, drivers, riders, the city's prices, zones and surge. Support answers tickets and
 * SOS and reads rides, riders and drivers; no money action except proposing a refund (`refund.propose`,
 * decision 0093), which someone with `refund.approve` decides. Finance: the money pages, refunds, payouts,
 * invoices, financial settings, and reads what money is about (rides, prices, promotions, referrals,
 * companies). Compliance: driver approval, papers, insurance, vehicles, the legal documents, the audit log.
 * Marketing: promotions, referrals, companies, the videos and the public help.
 */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  owner: ALL,
  operations: [
    'console.open',
    'user.read',
    'ride.read',
    'ride.cancel',
    'dispatch.manage',
    'analytics.read',
    'support.handle',
    'sos.handle',
    'driver.read',
    'driver.approve',
    'driver.suspend',
    'rider.read',
    'rider.block',
    'vehicle.read',
    'vehicle_rules.manage',
    'fare_policy.read',
    'fare_policy.publish',
    'cancellation_policy.publish',
    'zone.read',
    'zone.manage',
    'city.manage',
    'surge.read',
    'surge.override',
    'surge.rule',
  ],
  support: [
    'console.open',
    'user.read',
    'ride.read',
    'support.handle',
    'sos.handle',
    'procedure.edit',
    'driver.read',
    'rider.read',
    'refund.read',
    'refund.propose',
  ],
  finance: [
    'console.open',
    'ride.read',
    'analytics.read',
    'fare_policy.read',
    'zone.read',
    'surge.read',
    'finance.read',
    'financial_settings.publish',
    'ledger.adjust',
    'refund.read',
    'refund.propose',
    'refund.approve',
    'payout.read',
    'payout.prepare',
    'payout.approve',
    'payout.settle',
    'invoice.read',
    'invoice.issue',
    'invoice.mark_paid',
    'promotion.read',
    'referral.read',
    'company.read',
  ],
  compliance: [
    'console.open',
    'audit.read',
    'driver.read',
    'driver.approve',
    'document.read',
    'document.review',
    'document_types.manage',
    'insurance.review',
    'vehicle.read',
    'vehicle.review',
    'vehicle_rules.manage',
    'legal.publish',
    'zone.read',
  ],
  marketing: [
    'console.open',
    'analytics.read',
    'zone.read',
    'promotion.read',
    'promotion.manage',
    'referral.read',
    'referral.manage',
    'company.read',
    'company.manage',
    'video.create',
    'faq.edit',
  ],
};

/** Whether `role` may do `permission`. */
export const roleMay = (role: StaffRole, permission: Permission): boolean => ROLE_PERMISSIONS[role].includes(permission);
