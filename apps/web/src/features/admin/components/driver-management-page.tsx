import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowLeft, Car, CircleCheck, CircleX, IdCard, Mail, Phone } from 'lucide-react';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { NotFoundPage } from '@/components/not-found-page';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { Tabs } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';
import { useMe } from '@/lib/session';
import { type AdminDriver, DRIVER_FILTERS, type DriverFilter, useAdminDrivers } from '../api/get-admin-drivers';
import { type Review, useReviewDriver } from '../api/review-driver';
import { RejectDialog } from './reject-dialog';

const text = uiText.driverManagement;
const tabItems = DRIVER_FILTERS.map((value) => ({ value, label: text.filters[value] }));
const isFilter = (value: string | null): value is DriverFilter => DRIVER_FILTERS.includes(value as DriverFilter);

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
};

const badgeStyles: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-brand-100 text-brand-700',
  rejected: 'bg-red-100 text-red-800',
};
const statusLabel = (status: string) => (status in text.filters ? text.filters[status as DriverFilter] : status);

function DriverCard({ driver, onReview, onReject, busy }: { driver: AdminDriver; onReview: (review: Review) => void; onReject: () => void; busy: boolean }) {
  const status = driver.verification_status;
  const vehicle = [driver.vehicle_year, driver.vehicle_color, driver.vehicle_make, driver.vehicle_model].filter(Boolean).join(' ');
  const titleId = `driver-${driver.id}`;
  return (
    <li>
      <article aria-labelledby={titleId} className="flex h-full flex-col rounded-3xl border border-ink-200 bg-white p-5 shadow-xs">
        <header className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={titleId} className="truncate text-lg font-semibold text-ink-900">
              {driver.full_name}
            </h3>
            <p className="text-xs text-ink-500">{text.applied(formatDate(driver.created_at))}</p>
          </div>
          <span className={cn('shrink-0 rounded-full px-2.5 py-1 text-xs font-semibold', badgeStyles[status] ?? 'bg-ink-100 text-ink-700')}>{statusLabel(status)}</span>
        </header>

        {/* Operators see the applicant's contact details in full: they may need to call them. */}
        <dl className="mt-4 grid gap-2 text-sm text-ink-700">
          {driver.email ? (
            <div className="flex items-center gap-2">
              <dt>
                <Mail className="size-4 text-ink-400" aria-hidden="true" />
                <span className="sr-only">{uiText.auth.email}</span>
              </dt>
              <dd className="truncate">{driver.email}</dd>
            </div>
          ) : null}
          <div className="flex items-center gap-2">
            <dt>
              <Phone className="size-4 text-ink-400" aria-hidden="true" />
              <span className="sr-only">{uiText.auth.phoneNumber}</span>
            </dt>
            <dd>{driver.phone}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <Car className="size-4 text-ink-400" aria-hidden="true" />
              <span className="sr-only">{text.vehicle}</span>
            </dt>
            <dd>
              {vehicle} · <span className="font-mono font-semibold">{driver.license_plate}</span>
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <IdCard className="size-4 text-ink-400" aria-hidden="true" />
              <span className="sr-only">{text.license}</span>
            </dt>
            <dd className="font-mono">{driver.license_number}</dd>
          </div>
        </dl>

        {driver.reviewed_at ? <p className="mt-3 text-xs text-ink-500">{text.reviewed(formatDate(driver.reviewed_at))}</p> : null}
        {status === 'rejected' && driver.rejection_reason ? (
          <p className="mt-3 rounded-xl bg-red-50 p-3 text-sm text-red-900">
            <span className="font-semibold">{text.reason}:</span> {driver.rejection_reason}
          </p>
        ) : null}

        <div className="mt-auto flex gap-3 pt-5">
          {status !== 'approved' ? (
            <Button variant="accent" className="flex-1" disabled={busy} onClick={() => onReview({ id: driver.id, status: 'approved' })} aria-describedby={titleId}>
              <CircleCheck className="size-4" aria-hidden="true" />
              {text.approve}
            </Button>
          ) : null}
          {status !== 'rejected' ? (
            <Button variant="outline" className="flex-1 text-red-700" disabled={busy} onClick={onReject} aria-describedby={titleId}>
              <CircleX className="size-4" aria-hidden="true" />
              {text.reject}
            </Button>
          ) : null}
        </div>
      </article>
    </li>
  );
}

function DriverList({ filter }: { filter: DriverFilter }) {
  const drivers = useAdminDrivers(filter);
  const review = useReviewDriver();
  const [rejecting, setRejecting] = useState<AdminDriver | null>(null);

  const submit = (driver: AdminDriver, input: Review) => {
    review.mutate(input, {
      onSuccess: () => {
        const done = input.status === 'approved' ? text.approved : text.rejected;
        toast({ title: done.title, description: done.text(driver.full_name) });
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: messages.errors.error.title, description: error.message || messages.errors.error.unexpected });
      },
    });
  };

  if (drivers.isPending) return <LoadingScreen className="min-h-60" />;
  if (drivers.isError) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-4 text-sm text-red-800">
        {text.loadFailed}
      </p>
    );
  }
  if (drivers.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-3xl border border-dashed border-ink-300 bg-ink-50 px-6 py-14 text-center">
        <IdCard className="size-8 text-ink-400" aria-hidden="true" />
        <p className="font-medium text-ink-700">{text.empty[filter]}</p>
      </div>
    );
  }
  return (
    <>
      <ul className={cn('grid gap-4 md:grid-cols-2 xl:grid-cols-3', drivers.isPlaceholderData && 'opacity-60')} aria-busy={drivers.isFetching || undefined}>
        {drivers.data.map((driver) => (
          <DriverCard
            key={driver.id}
            driver={driver}
            busy={review.isPending && review.variables?.id === driver.id}
            onReview={(input) => submit(driver, input)}
            onReject={() => setRejecting(driver)}
          />
        ))}
      </ul>
      {rejecting ? (
        <RejectDialog
          name={rejecting.full_name}
          onClose={() => setRejecting(null)}
          onConfirm={(reason) => {
            submit(rejecting, { id: rejecting.id, status: 'rejected', reason });
            setRejecting(null);
          }}
        />
      ) : null}
    </>
  );
}

/** /driver-management: admins only (the server refuses everyone else too); others get the not-found page. */
export function DriverManagementPage() {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const filter: DriverFilter = isFilter(requested) ? requested : 'pending';

  if (me.isPending) return <LoadingScreen />;
  if (!me.data?.isAdmin) return <NotFoundPage />;

  return (
    <PageContainer>
      {me.data.adminPath ? (
        <Link to={me.data.adminPath} className="mb-4 inline-flex items-center gap-1.5 rounded-lg text-sm font-medium text-ink-600 hover:text-ink-900">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {text.backToPanel}
        </Link>
      ) : null}
      <PageHeading title={uiText.pages.driverManagement.title} description={uiText.pages.driverManagement.text} />
      <Tabs
        label={text.filterLabel}
        items={tabItems}
        value={filter}
        onValueChange={(next) => setParams(next === 'pending' ? {} : { status: next }, { replace: true })}
        className="[&>[role=tablist]]:max-w-lg"
      >
        {(value) => <DriverList filter={value} />}
      </Tabs>
    </PageContainer>
  );
}
