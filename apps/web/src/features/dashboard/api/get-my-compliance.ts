import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { useLivePollInterval } from '@/lib/realtime';
import { dashboardKeys } from './dashboard-keys';

// Types only (erased at build): the page's chunk carries no zod.
import type { ComplianceItem, DriverCompliance } from '@openride/shared/compliance/views';
import type { ComplianceItemStatus, DocumentKind } from '@openride/shared/compliance/schemas';

export type { ComplianceItem, DriverCompliance };
export type ComplianceItemKind = DocumentKind;
export type ComplianceStatus = ComplianceItemStatus;

/**
 * GET /api/drivers/me/compliance (decision 0049): the driver's papers and whether they are on hold. Not
 * retried: when it fails the alerts card shows its quiet error and the rest of the page carries on.
 */
export function useMyCompliance() {
  const poll = useLivePollInterval();
  return useQuery({
    queryKey: dashboardKeys.compliance,
    queryFn: ({ signal }) => call('GET /api/drivers/me/compliance', {}, { signal }),
    refetchInterval: poll,
    retry: false,
  });
}
