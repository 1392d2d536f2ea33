import { useSearchParams } from 'react-router';
import { operatorText as text } from '@openride/shared/rides/operator-text';
import { uiText } from '@openride/shared/ui-text';
import { inputClasses } from '@/components/ui/field';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { cn } from '@/lib/cn';
import { OperatorRidesTable } from './operator-rides-table';

import { ISO_DAY } from '@/lib/date-range';

/** /booking-management (admins): every ride, live and past, searchable and filterable; a row opens its story. */
export function BookingManagementPage() {
  const [params, setParams] = useSearchParams();
  const from = ISO_DAY.test(params.get('from') ?? '') ? params.get('from')! : '';
  const to = ISO_DAY.test(params.get('to') ?? '') ? params.get('to')! : '';
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  // /driver/{id} links here with ?driver_id= (one driver's rides); ?rider_id= likewise.
  const driverId = params.get('driver_id') ?? undefined;
  const riderId = params.get('rider_id') ?? undefined;
  const setDay = (key: 'from' | 'to', value: string) =>
    setParams(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
        return p;
      },
      { replace: true },
    );

  return (
    <PageContainer>
      <PageHeading title={uiText.pages.bookingManagement.title} description={uiText.pages.bookingManagement.text} />
      <div className="mb-4 flex flex-wrap gap-3">
        {(['from', 'to'] as const).map((key) => (
          <label key={key} className="text-sm text-ink-700">
            <span className="mb-1 block font-medium">{text[key]}</span>
            <input type="date" className={cn(inputClasses, 'h-9 w-40')} value={key === 'from' ? from : to} onChange={(e) => setDay(key, e.target.value)} />
          </label>
        ))}
      </div>
      <OperatorRidesTable params={{ from: from || undefined, to: to || undefined, tz, driver_id: driverId, rider_id: riderId }} />
    </PageContainer>
  );
}
