import { useSearchParams } from 'react-router';
import { operatorText as text } from '@openride/shared/rides/operator-text';
import { uiText } from '@openride/shared/ui-text';
import { inputClasses } from '@/components/ui/field';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { cn } from '@/lib/cn';
import { bookingManagementParams, operatorRidesParams } from '../api/operator-rides';
import { OperatorRidesTable } from './operator-rides-table';

/** /booking-management (admins): every ride, live and past, searchable and filterable; a row opens its story. */
export function BookingManagementPage() {
  const [params, setParams] = useSearchParams();
  const request = bookingManagementParams(params);
  const { from, to } = request;
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
      <OperatorRidesTable params={operatorRidesParams(request)} />
    </PageContainer>
  );
}
