import { accountRoutes } from './account/api';
import { adminRoutes } from './admin/api';
import { staffRoutes } from './admin/staff-api';
import { twoFactorRoutes } from './admin/two-factor-api';
import { consoleSearchRoutes } from './admin/search-api';
import { analyticsRoutes, fleetRoutes } from './analytics/api';
import { authRoutes } from './auth/api';
import { cancellationRoutes } from './cancellation/api';
import { complianceRoutes, documentRoutes } from './compliance/api';
import { insuranceRoutes } from './compliance/insurance';
import { legalRoutes } from './legal/api';
import type { RouteContract } from './contract';
import { dashboardRoutes } from './dashboard/api';
import { devRoutes } from './dev/api';
import { driverRoutes } from './drivers/api';
import { fileRoutes } from './files/api';
import { helpRoutes } from './help/api';
import { financeRoutes } from './finance/api';
import { notificationRoutes } from './notifications/api';
import { otpRoutes } from './otp/api';
import { paymentHistoryRoutes } from './payment-history/api';
import { paymentRoutes } from './payments/api';
import { payoutRoutes } from './payouts/api';
import { profileRoutes } from './profiles/api';
import { pricingAdminRoutes } from './pricing/api';
import { privacyRoutes } from './privacy/api';
import { procedureRoutes } from './procedures/api';
import { publicRoutes } from './public/api';
import { pushRoutes } from './push/api';
import { refundRoutes } from './refunds/api';
import { rideRoutes } from './rides/api';
import { rideCheckRoutes } from './safety/ride-check-api';
import { scheduleRoutes } from './schedule/api';
import { sosRoutes } from './safety/sos-api';
import { supportRoutes } from './support/api';
import { referralRoutes } from './referrals/api';
import { promotionRoutes } from './promotions/api';
import { corporateInvoiceRoutes } from './corporate-invoices/api';
import { corporateRoutes } from './corporate/api';
import { surgeRoutes } from './surge/api';
import { systemRoutes } from './system/api';
import { vehicleRoutes } from './vehicles/api';
import { videoRoutes } from './video/api';
import { zoneRoutes } from './zones/api';
import { cityPlaceRoutes } from './places/api';

const ALL_ROUTES = [
  ...systemRoutes,
  ...authRoutes,
  ...otpRoutes,
  ...profileRoutes,
  ...accountRoutes,
  ...driverRoutes,
  ...rideRoutes,
  ...rideCheckRoutes,
  ...notificationRoutes,
  ...pushRoutes,
  ...adminRoutes,
  ...staffRoutes,
  ...twoFactorRoutes,
  ...consoleSearchRoutes,
  ...pricingAdminRoutes,
  ...analyticsRoutes,
  ...fleetRoutes,
  ...cancellationRoutes,
  ...devRoutes,
  ...zoneRoutes,
  ...cityPlaceRoutes,
  ...surgeRoutes,
  ...publicRoutes,
  ...paymentHistoryRoutes,
  ...refundRoutes,
  ...financeRoutes,
  ...paymentRoutes,
  ...payoutRoutes,
  ...scheduleRoutes,
  ...dashboardRoutes,
  ...fileRoutes,
  ...vehicleRoutes,
  ...complianceRoutes,
  ...insuranceRoutes,
  ...documentRoutes,
  ...legalRoutes,
  ...videoRoutes,
  ...privacyRoutes,
  ...procedureRoutes,
  ...helpRoutes,
  ...supportRoutes,
  ...referralRoutes,
  ...sosRoutes,
  ...promotionRoutes,
  ...corporateInvoiceRoutes,
  ...corporateRoutes,
] as const;

/** Every route of the HTTP API, domain by domain: what the OpenAPI document and the coverage test read. */
export const API_ROUTES: readonly RouteContract[] = ALL_ROUTES;

/** Every route with its literal method, path and schemas: what the web's typed `call('GET /api/…')` reads (types only). */
export type ApiRoute = (typeof ALL_ROUTES)[number];
