/** Paths the app links to in more than one place (the route table itself lives in app/router.tsx). */
export const paths = {
  home: '/',
  auth: '/auth',
  authRider: '/auth?type=rider',
  authDriver: '/auth?type=driver',
  authReturnTo: (returnTo: string) => `/auth?returnTo=${encodeURIComponent(returnTo)}`,
  bookRide: '/book-ride',
  driver: '/driver',
  driverActive: '/driver-active',
  trackRide: (bookingId: string) => `/track-ride/${encodeURIComponent(bookingId)}`,
  driverRide: (bookingId: string) => `/driver-ride/${encodeURIComponent(bookingId)}`,
  rideHistory: '/ride-history',
  paymentHistory: '/payment-history',
  accountSettings: '/account-settings',
  notifications: '/notifications',
  /** Codes, share links and rewards (decision 0064); the programs for admins. */
  referrals: '/referrals',
  corporateAccounts: '/corporate-accounts',
  receipt: (rideId: string) => `/payment-history/${encodeURIComponent(rideId)}`,
  refundManagement: '/refund-management',
  refundRequest: (requestId: string) => `/refund-management/${encodeURIComponent(requestId)}`,
  supportTickets: '/support-tickets',
  /** /support-tickets with the ride chosen in the New ticket form (decision 0055): "Get help" on a ride. */
  supportForRide: (rideId: string) => `/support-tickets?ride=${encodeURIComponent(rideId)}`,
  /** One ticket open on /support-tickets (the admin's view, or the user's conversation). */
  supportTicket: (ticketId: string) => `/support-tickets?ticket=${encodeURIComponent(ticketId)}`,
  install: '/install',
  services: '/services',
  pricing: '/pricing',
  safety: '/safety',
  about: '/about',
  contact: '/contact',
  help: '/help',
  legal: '/legal',
  supportProcedures: '/support-procedures',
  helpEditor: '/support-procedures?section=faq',
  driverManagement: '/driver-management',
  customerManagement: '/customer-management',
  bookingManagement: '/booking-management',
  cancellationPolicies: '/cancellation-policies',
  analytics: '/analytics',
  driverAdminDashboard: '/driver-admin-dashboard',
  driverHeatmap: '/driver-heatmap',
  vehicles: '/vehicles',
  documentReview: '/document-review',
  insuranceVerification: '/insurance-verification',
  driverPayouts: '/driver-payouts',
  financialDashboard: '/financial-dashboard',
  financialSettings: '/financial-settings',
  corporateInvoices: '/corporate-accounts/invoices',
  pricingSettings: '/pricing-settings',
  surgePricing: '/surge-pricing',
  geofenceManagement: '/geofence-management',
  promoCodes: '/promo-codes',
  videoAssetsGenerator: '/video-assets-generator',
  /** Staff, roles and invitations (decision 0089): owners only. */
  staff: '/staff',
  bookingRide: (rideId: string) => `/booking-management/${encodeURIComponent(rideId)}`,
  driverDetail: (driverId: string) => `/driver/${encodeURIComponent(driverId)}`,
  customerDetail: (riderId: string) => `/customer-management/${encodeURIComponent(riderId)}`,
} as const;

/**
 * Only same-origin absolute paths are followed as returnTo: "//evil.com" or "https://..." would turn the
 * sign-in screen into an open redirect.
 */
export function safeReturnTo(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
