import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { QueryView } from '@/components/ui/query-view';
import { cn } from '@/lib/cn';
import { useMyDriver } from '../api/get-my-driver';
import { DriverStatusToggle } from './driver-status-toggle';

/** The signed-in driver's online switch (the nav's `DriverStatusToggle`) as a card, for the driver's dashboard. */
export function OwnStatusCard() {
  const driver = useMyDriver();
  return (
    <QueryView query={driver} loadFailed={(error) => (driver.isError ? error.message : messages.errors.applicationPending.title)} loadingClassName="min-h-20">
      {(data) => <OwnStatus driver={data} />}
    </QueryView>
  );
}

function OwnStatus({ driver }: { driver: NonNullable<ReturnType<typeof useMyDriver>['data']> }) {
  const online = driver.status === 'available';
  return (
    <section
      aria-labelledby="own-status-title"
      data-testid="own-status"
      className={cn('flex items-center justify-between gap-4 rounded-3xl p-5 ring-1', online ? 'bg-brand-50 ring-brand-500/40' : 'bg-ink-50 ring-ink-200')}
    >
      <p id="own-status-title" className="min-w-0 text-base font-semibold text-ink-900">
        {online ? uiText.driverActive.online.title : uiText.driverActive.offline.title}
      </p>
      <DriverStatusToggle driver={driver} labelClassName="text-base" />
    </section>
  );
}
