import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api';
import { useLivePollInterval } from '@/lib/realtime';
import { dashboardKeys } from './dashboard-keys';

// TODO(merge): import driverComplianceSchema from '@openride/shared/compliance/views' and use its inferred type
// here instead of this local copy of the shape (GET /api/drivers/me/compliance is built on another branch).
export type ComplianceItemKind = 'driver_licence' | 'vehicle_registration' | 'insurance' | 'profile_photo' | 'background_check';
export type ComplianceStatus = 'missing' | 'in_review' | 'approved' | 'rejected' | 'expiring' | 'expired';
export type ComplianceItem = {
  kind: ComplianceItemKind;
  label: string;
  required: boolean;
  status: ComplianceStatus;
  /** YYYY-MM-DD */
  expires_on: string | null;
  days_left: number | null;
  rejection_reason: string | null;
};
export type DriverCompliance = {
  city: { id: string; name: string };
  on_hold: boolean;
  items: ComplianceItem[];
  /** Sentences a driver reads. */
  hold_reasons: string[];
};

/**
 * GET /api/drivers/me/compliance: the driver's documents and whether they are on hold. Not retried: until the
 * endpoint exists (or when it fails) the alerts card shows its quiet error, the rest of the page carries on;
 * a 404 also stops the live poll.
 */
export function useMyCompliance() {
  const poll = useLivePollInterval();
  return useQuery({
    queryKey: dashboardKeys.compliance,
    queryFn: ({ signal }) => api<DriverCompliance>('/api/drivers/me/compliance', { signal }),
    // A 404 means the endpoint is not there (yet): asking again every few seconds would change nothing.
    refetchInterval: (query) => (isApiError(query.state.error, 404) ? false : poll),
    retry: false,
  });
}
