import { type ReactNode, useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { Car, Radio } from 'lucide-react';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { PageTitle } from '@/components/ui/page';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useMe } from '@/lib/session';
import { type ActiveDriver, useActiveDriver } from '../api/get-active-driver';
import { type DriverRecord, driverQueryKey, fetchMyDriver } from '../api/get-my-driver';
import { useToggleDriverStatus } from '../hooks/use-toggle-driver-status';
import { GoOnlineRefusalNotice } from './go-online-refusal';

const text = uiText.driverActive;

/** Leave for /driver with the §8 'Application Pending' toast (the server's text when it gave one), once. */
function usePendingExit(message: string | null, title: string = messages.errors.applicationPending.title) {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (message === null || done.current) return;
    done.current = true;
    toast({ title, description: message });
    navigate(paths.driver, { replace: true });
  }, [message, title, navigate]);
}

function StatusSwitch({ driver }: { driver: DriverRecord }) {
  const toggle = useToggleDriverStatus();
  const online = driver.status === 'available';
  const copy = online ? text.online : text.offline;
  return (
    <section
      aria-labelledby="driver-online-title"
      className={cn('rounded-3xl p-6 shadow-sm ring-1 transition-colors sm:p-8', online ? 'bg-brand-50 ring-brand-500/40' : 'bg-ink-50 ring-ink-200')}
    >
      <div className="flex items-center justify-between gap-6">
        <div className="min-w-0">
          <p className={cn('inline-flex items-center gap-2 text-sm font-bold tracking-wide uppercase', online ? 'text-brand-700' : 'text-ink-500')}>
            <span className={cn('size-2.5 rounded-full', online ? 'animate-pulse bg-brand-500' : 'bg-ink-400')} aria-hidden="true" />
            {online ? messages.nav.online : messages.nav.offline}
          </p>
          <h2 id="driver-online-title" className="mt-2 text-2xl font-bold text-ink-900">
            {copy.title}
          </h2>
          <p className="mt-1 text-ink-600">{copy.text}</p>
        </div>
        {/* A large role=switch: the one control of this screen, thumb-sized for use in a car mount. */}
        <button
          type="button"
          role="switch"
          aria-checked={online}
          aria-label={text.switchLabel}
          onClick={() => toggle(driver, !online)}
          className={cn(
            'relative inline-flex h-12 w-22 shrink-0 cursor-pointer items-center rounded-full transition-colors',
            online ? 'bg-brand-500' : 'bg-ink-300',
          )}
        >
          <span
            aria-hidden="true"
            className={cn('inline-block size-10 rounded-full bg-white shadow-md transition-transform', online ? 'translate-x-11' : 'translate-x-1')}
          />
        </button>
      </div>
      <GoOnlineRefusalNotice refusal={toggle.refusal} />
    </section>
  );
}

function VehicleCard({ driver }: { driver: ActiveDriver }) {
  const vehicle = [driver.vehicle_year, driver.vehicle_color, driver.vehicle_make, driver.vehicle_model].filter(Boolean).join(' ');
  if (!vehicle && !driver.license_plate) return null;
  return (
    <section aria-labelledby="driver-vehicle" className="rounded-3xl border border-ink-200 bg-white p-6">
      <h2 id="driver-vehicle" className="text-sm font-semibold tracking-wide text-ink-500 uppercase">
        {text.vehicle}
      </h2>
      <div className="mt-3 flex items-center gap-4">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-ink-900 text-brand-400">
          <Car className="size-6" aria-hidden="true" />
        </span>
        <div>
          {vehicle ? <p className="font-semibold text-ink-900">{vehicle}</p> : null}
          {driver.license_plate ? (
            <p className="text-sm text-ink-600">
              {text.plate}: <span className="font-mono font-semibold tracking-wider text-ink-900">{driver.license_plate}</span>
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/**
 * The rides feature's work screen for an approved driver: the map, the offers and the current ride, in the
 * task screen's frame. It places this page's own parts: `top` (title and switch) above its work, `bottom`
 * (the vehicle) below it.
 */
export type DriverWorkSlot = (driver: { id: string; online: boolean }, parts: { top: ReactNode; bottom: ReactNode }) => ReactNode;

/**
 * /driver-active (§2, §4): only an approved driver stays. Signed out → /auth?returnTo=/driver-active; no
 * record → /driver; not approved → 'Application Pending' and /driver. The record is refetched on arrival
 * (a cached one may predate an approval); the server's /active answer has the last word.
 */
export function DriverActivePage({ workPanel }: { workPanel: DriverWorkSlot }) {
  const me = useMe();
  const userId = me.data?.user.id;
  const record = useQuery({ queryKey: driverQueryKey(userId), queryFn: fetchMyDriver, enabled: Boolean(userId), staleTime: 0 });
  // Decided on the first answer after arrival; later refetches (status flips, socket events) keep the page up.
  const checked = record.isFetchedAfterMount && record.data !== undefined;
  const approved = checked && record.data?.verification_status === 'approved';
  const active = useActiveDriver(userId, approved);

  let pendingMessage: string | null = null;
  if (checked && record.data && !approved) pendingMessage = messages.errors.applicationPending.text(record.data.verification_status);
  if (isApiError(active.error, 403))
    pendingMessage = active.error.message || messages.errors.applicationPending.text(record.data?.verification_status ?? 'pending');
  // A suspended driver (issue 10 §4) leaves the same way, told why under a title of its own.
  const suspended = isApiError(active.error, 403) && active.error.code === 'DRIVER_SUSPENDED';
  usePendingExit(pendingMessage, suspended ? uiText.driverActive.suspendedTitle : undefined);

  if (me.isPending) return <LoadingScreen />;
  if (!me.data || isApiError(active.error, 401) || isApiError(record.error, 401)) return <Navigate to={paths.authReturnTo(paths.driverActive)} replace />;
  const noRecord = (checked && record.data === null) || isApiError(active.error, 404) || (record.isError && record.data === undefined);
  if (noRecord) return <Navigate to={paths.driver} replace />;
  if (!approved || pendingMessage || !record.data) return <LoadingScreen />;

  return workPanel(
    { id: record.data.id, online: record.data.status === 'available' },
    {
      top: (
        <>
          <PageTitle title={uiText.pages.driverActive.title} />
          <header className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-xl bg-ink-900 text-brand-400">
              <Radio className="size-5" aria-hidden="true" />
            </span>
            <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{uiText.pages.driverActive.title}</h1>
          </header>
          <StatusSwitch driver={record.data} />
        </>
      ),
      bottom: active.data ? <VehicleCard driver={active.data} /> : null,
    },
  );
}
