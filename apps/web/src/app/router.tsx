import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullScreenLoading, PageLoading } from '@/components/ui/loading-screen';
import { RequireConsolePermission, RequireRole, RequireSignedIn } from './guards/require-role';
import { AppShell } from './layouts/app-shell';
import { ConsoleLayout } from './layouts/console-layout';
import { SiteLayout } from './layouts/site-layout';
import { taskHandle } from './layouts/task-handle';
import { RouteError } from './routes/route-error';
import { consoleLoader, preloadRoutes, sessionLoader, whenAdminSignsIn } from './console-loaders';

/**
 * Pages for signed-in users: a visitor is sent to sign in and back. Pages that answer a visitor
 * differently (a share link, /driver, the placeholders) stay outside.
 */
const signedInPages: RouteObject[] = [
  { path: 'book-ride', handle: taskHandle, lazy: () => import('./routes/book-ride') },
  { path: 'track-ride/:id', handle: taskHandle, lazy: () => import('./routes/track-ride') },
  // Push notifications open the query form /track-ride?booking=… (§2).
  { path: 'track-ride', handle: taskHandle, lazy: () => import('./routes/track-ride') },
  { path: 'ride-history', lazy: () => import('./routes/ride-history') },
  // Issue 29 §2 (decision 0089): the staff invitation email's link; a visitor signs in first and comes back.
  { path: 'staff-invitation', lazy: () => import('./routes/staff-invitation') },
  // Issue 29 §4 (decision 0090): two-factor sign-in for staff; the console's guards send a staff member here first.
  { path: 'staff-2fa', lazy: () => import('./routes/staff-2fa') },
  // Issue 13 (decision 0039): the rider's money, from the ledger, and a receipt per ride.
  { path: 'payment-history', lazy: () => import('./routes/payment-history') },
  { path: 'payment-history/:rideId', lazy: () => import('./routes/ride-receipt') },
  // Issue 15 (decision 0058): the user's own account: profile, phone, email, password, places, contacts, notifications.
  { path: 'account-settings', lazy: () => import('./routes/account-settings') },
  // Issue 15 (decision 0059): every notification, by kind and unread, each opening where it belongs.
  { path: 'notifications', lazy: () => import('./routes/notifications') },
  // Pages that are a user's own and, for an admin, a console page: an admin sees them in the console's frame.
  {
    Component: ConsoleLayout,
    children: [
      // Issue 16 (decision 0070): one company invoice, printable — platform admins and the company's admins (the server decides).
      { path: 'corporate-accounts/invoices/:id', lazy: () => import('./routes/corporate-invoice') },
      // Issue 14 (decision 0046): a driver's vehicles, or for admins the verification queue and ride-type rules.
      { path: 'vehicles', lazy: () => import('./routes/vehicles') },
      // Issue 15 (decision 0055): a rider's or driver's tickets, or for admins the support queue.
      { path: 'support-tickets', lazy: () => import('./routes/support-tickets') },
      // Issue 16 (decision 0064): the user's codes, share links and referrals, or for admins the programs.
      { path: 'referrals', lazy: () => import('./routes/referrals') },
      // Issue 16 (decision 0067): companies for admins, a company's people and policy for its company admins, invitation links.
      { path: 'corporate-accounts', lazy: () => import('./routes/corporate-accounts') },
    ],
  },
];

/** Pages for users with a driver record (pending ones included); riders are sent to /driver. */
const driverPages: RouteObject[] = [
  { path: 'driver-active', handle: taskHandle, lazy: () => import('./routes/driver-active') },
  { path: 'driver-ride/:bookingId', handle: taskHandle, lazy: () => import('./routes/driver-ride') },
  // A driver_message push opens /driver-ride-view?booking=… (§2: the two readings differ in path form).
  { path: 'driver-ride-view', handle: taskHandle, lazy: () => import('./routes/driver-ride') },
  // Issue 14 (decision 0051): the driver's papers, a card per kind the city asks for.
  { path: 'driver-documents-upload', lazy: () => import('./routes/driver-documents-upload') },
  // Issue 13 (decision 0040): the driver's own money, from the ledger.
  { path: 'driver-earnings', lazy: () => import('./routes/driver-earnings') },
  { path: 'driver-earnings/statements/:week', lazy: () => import('./routes/driver-statement') },
  // Issue 14 (decision 0047): the driver's weekly hours and time off.
  { path: 'driver-schedule', lazy: () => import('./routes/driver-schedule') },
];

/**
 * The operator's pages (§2 admin management, settings, dashboards, and the back-office pages of the
 * issues to come). Anyone but an admin sees the not-found page, as at the hidden admin path, and so does a
 * staff member whose role lacks the page's permission (the console menu's table, layouts/console-nav.ts).
 */
const adminPages: RouteObject[] = [
  {
    path: 'driver-management',
    loader: consoleLoader(() => import('@/features/admin/api/get-admin-drivers').then((m) => m.prefetchDriverManagement)),
    lazy: () => import('./routes/driver-management'),
  },
  {
    path: 'customer-management',
    loader: consoleLoader(() => import('@/features/customers/api/customers').then((m) => m.prefetchCustomerManagement)),
    lazy: () => import('./routes/customer-management'),
  },
  {
    path: 'customer-management/:id',
    // The rider's record and the rides feature's table of their rides, composed here as the route composes them.
    loader: consoleLoader(() =>
      Promise.all([import('@/features/customers/api/customers'), import('@/features/rides/api/operator-rides')]).then(
        ([customers, rides]) =>
          (...args: Parameters<typeof customers.prefetchCustomerDetail>) =>
            Promise.all([customers.prefetchCustomerDetail(...args), rides.prefetchRiderRides(...args)]),
      ),
    ),
    lazy: () => import('./routes/customer-detail'),
  },
  {
    path: 'booking-management',
    loader: consoleLoader(() => import('@/features/rides/api/operator-rides').then((m) => m.prefetchBookingManagement)),
    lazy: () => import('./routes/booking-management'),
  },
  {
    path: 'booking-management/:id',
    loader: consoleLoader(() => import('@/features/rides/api/operator-rides').then((m) => m.prefetchOperatorRide)),
    lazy: () => import('./routes/booking-ride'),
  },
  // Issue 12 (decision 0033): the operator's cancellation and no-show rules. The rules a rider reads
  // before booking go on the public /pricing page (its own slice of issue 12).
  {
    path: 'cancellation-policies',
    loader: consoleLoader(() => import('@/features/cancellation/api/cancellation-policies').then((m) => m.prefetchCancellationPolicies)),
    lazy: () => import('./routes/cancellation-policies'),
  },
  {
    path: 'driver/:id',
    loader: consoleLoader(() => import('@/features/admin/api/driver-detail').then((m) => m.prefetchDriverDetail)),
    lazy: () => import('./routes/driver-detail'),
  },
  // Issue 14 (decision 0051): the documents review queue and each city's requirements.
  {
    path: 'document-review',
    loader: consoleLoader(() => import('@/features/compliance/api/documents').then((m) => m.prefetchDocumentReview)),
    lazy: () => import('./routes/document-review'),
  },
  {
    path: 'pricing-settings',
    // The first city's (or the console's city's) fare policies and the zones feature's list of its zones, composed here as the route composes them.
    loader: consoleLoader(() =>
      Promise.all([import('@/features/pricing/api/get-fare-policies'), import('@/features/zones/api/zones')]).then(
        ([pricing, zones]) =>
          (client: Parameters<typeof pricing.prefetchPricingSettings>[0]) => {
            const city = pricing.pricingCityFor(client);
            return Promise.all([pricing.prefetchPricingSettings(client, city), zones.prefetchZones(client, city)]);
          },
      ),
    ),
    lazy: () => import('./routes/pricing-settings'),
  },
  // Issue 13 (decision 0041): the operator's money pages, every figure from the ledger.
  {
    path: 'financial-settings',
    loader: consoleLoader(() => import('@/features/finance/api/financial-settings').then((m) => m.prefetchFinancialSettings)),
    lazy: () => import('./routes/financial-settings'),
  },
  {
    path: 'geofence-management',
    loader: consoleLoader(() => import('@/features/zones/api/zones').then((m) => m.prefetchGeofenceManagement)),
    lazy: () => import('./routes/geofence-management'),
  },
  {
    path: 'refund-management',
    loader: consoleLoader(() => import('@/features/refunds/api/refund-requests').then((m) => m.prefetchRefundManagement)),
    lazy: () => import('./routes/refund-management'),
  },
  {
    path: 'refund-management/:id',
    loader: consoleLoader(() => import('@/features/refunds/api/refund-requests').then((m) => m.prefetchRefundRequest)),
    lazy: () => import('./routes/refund-request'),
  },
  {
    path: 'analytics',
    loader: consoleLoader(() => import('@/features/analytics/api/get-analytics').then((m) => m.prefetchAnalytics)),
    lazy: () => import('./routes/analytics'),
  },
  // Issue 16 (decision 0063): promotions, their backtest, launch and pause, redemptions and spend.
  {
    path: 'promo-codes',
    loader: consoleLoader(() => import('@/features/promotions/api/promotions').then((m) => m.prefetchPromoCodes)),
    lazy: () => import('./routes/promo-codes'),
  },
  {
    path: 'driver-payouts',
    loader: consoleLoader(() => import('@/features/payouts/api/payouts').then((m) => m.prefetchDriverPayouts)),
    lazy: () => import('./routes/driver-payouts'),
  },
  {
    path: 'surge-pricing',
    loader: consoleLoader(() => import('@/features/surge/api/surge').then((m) => m.prefetchSurgePricing)),
    lazy: () => import('./routes/surge-pricing'),
  },
  // Issue 16 (decision 0070): every company's invoices; /corporate-accounts composes its sections after the merge.
  {
    path: 'corporate-accounts/invoices',
    loader: consoleLoader(() => import('@/features/corporate-invoices/api/corporate-invoices').then((m) => m.prefetchAllInvoices)),
    lazy: () => import('./routes/corporate-invoices'),
  },
  {
    path: 'driver-heatmap',
    loader: consoleLoader(() => import('@/features/analytics/api/fleet').then((m) => m.prefetchDriverHeatmap)),
    lazy: () => import('./routes/driver-heatmap'),
  },
  {
    path: 'financial-dashboard',
    loader: consoleLoader(() => import('@/features/finance/api/finance-dashboard').then((m) => m.prefetchFinanceDashboard)),
    lazy: () => import('./routes/financial-dashboard'),
  },
  {
    path: 'driver-admin-dashboard',
    loader: consoleLoader(() => import('@/features/analytics/api/fleet').then((m) => m.prefetchDriverDashboard)),
    lazy: () => import('./routes/driver-admin-dashboard'),
  },
  // Issue 14 (decision 0052): insurance policies in review, expiring and expired.
  {
    path: 'insurance-verification',
    loader: consoleLoader(() => import('@/features/compliance/api/insurance').then((m) => m.prefetchInsuranceVerification)),
    lazy: () => import('./routes/insurance-verification'),
  },
  // Issue 15 (decision 0056): procedures per support category, versioned, and the help center's FAQ editor.
  {
    path: 'support-procedures',
    // The open tab's content: the procedures, or (?section=faq) the help feature's FAQ editor, composed here as the route composes them.
    loader: consoleLoader(() =>
      Promise.all([import('@/features/procedures/api/support-procedures'), import('@/features/help/api/editor-faq')]).then(
        ([procedures, help]) =>
          (client: Parameters<typeof procedures.prefetchProcedures>[0], url: URL) =>
            procedures.supportSection(url.searchParams) === 'faq' ? help.prefetchEditorFaq(client) : procedures.prefetchProcedures(client),
      ),
    ),
    lazy: () => import('./routes/support-procedures'),
  },
  // Issue 15 (decision 0060): marketing videos drawn and recorded in the browser from live figures.
  {
    path: 'video-assets-generator',
    loader: consoleLoader(() => import('@/features/video/api/video-figures').then((m) => m.prefetchVideoAssets)),
    lazy: () => import('./routes/video-assets-generator'),
  },
  // Issue 29 §2 (decision 0089): staff, their roles and cities, invitations (owners only).
  {
    path: 'staff',
    loader: consoleLoader(() => import('@/features/staff/api/staff').then((m) => m.prefetchStaff)),
    lazy: () => import('./routes/staff'),
  },
];

// An admin who has just signed in opens console pages next: their code is fetched while the browser is idle.
whenAdminSignsIn(() => preloadRoutes(adminPages));

/** §2 route table. Every page is loaded on demand; the guards are pathless layout routes. */
const pages: RouteObject[] = [
  { index: true, lazy: () => import('./routes/home') },

  // Issue 12 (decision 0036): drawn from the live fare, surge and cancellation policies and the zones.
  { path: 'services', lazy: () => import('./routes/services') },
  { path: 'pricing', lazy: () => import('./routes/pricing') },
  // Issue 15 (decision 0057): the server pre-renders these into index.html too (public/prerender-pages.ts).
  { path: 'safety', lazy: () => import('./routes/safety') },
  { path: 'about', lazy: () => import('./routes/about') },
  // Issue 15 (decision 0055): a message that becomes a support ticket, visitors too.
  { path: 'contact', lazy: () => import('./routes/contact') },
  // Issue 15 (decision 0056): the FAQ, by topic, searchable; edited on /support-procedures.
  { path: 'help', lazy: () => import('./routes/help') },
  // Everyone reads the documents; an admin publishes them here, in the console's frame.
  { Component: ConsoleLayout, children: [{ path: 'legal', lazy: () => import('./routes/legal') }] },

  { path: 'driver', lazy: () => import('./routes/driver') },
  { path: 'reset-admin-password', lazy: () => import('./routes/reset-admin-password') },
  { path: 'install', lazy: () => import('./routes/install') },
  // A share-trip link: read-only, public, behind an unguessable token.
  { path: 'share/:token', lazy: () => import('./routes/share-ride') },

  // The session check starts with the route, beside the page's chunk (decision 0080); the guards render as before.
  { Component: RequireSignedIn, loader: sessionLoader, children: signedInPages },
  { element: <RequireRole role="driver" />, loader: sessionLoader, children: driverPages },
  // The console's pages, in its frame (issue 29 §1: every page one click away).
  // A page the staff member's role may not open is not found (issue 29 §2): its permission is the menu's, one table (layouts/console-nav.ts).
  {
    element: <RequireRole role="admin" />,
    loader: sessionLoader,
    children: [{ Component: RequireConsolePermission, children: [{ Component: ConsoleLayout, children: adminPages }] }],
  },

  { path: 'dev/outbox', lazy: () => import('./routes/dev-outbox') },

  // /{hash} admin panel, else not found (§2 "any other path").
  { path: '*', lazy: () => import('./routes/hidden-path') },
];

export const router = createBrowserRouter([
  {
    Component: AppShell,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: SiteLayout,
        children: [
          {
            // Pathless on purpose: on first load React Router renders the nearest HydrateFallback above an
            // unresolved lazy route, so nav and footer stay up while 'Loading...' fills the main area.
            HydrateFallback: PageLoading,
            ErrorBoundary: RouteError,
            children: pages,
          },
        ],
      },
      // The auth screen is a full-screen card with its own close button, without the site chrome.
      { path: 'auth', HydrateFallback: FullScreenLoading, lazy: () => import('./routes/auth') },
    ],
  },
]);
