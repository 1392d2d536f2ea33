import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CircleCheck, CircleX, Clock3, FileUp } from 'lucide-react';
import { messages } from '@openride/shared/messages';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-classes';
import { PageTitle } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import type { DriverRecord } from '../api/get-my-driver';
import { type CityOption, DriverCity } from './driver-city';

const text = uiText.driverApplication;
const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
const formatDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
};

const looks = {
  pending: { Icon: Clock3, badge: 'bg-amber-100 text-amber-900', icon: 'bg-amber-50 text-amber-600' },
  approved: { Icon: CircleCheck, badge: 'bg-brand-100 text-brand-700', icon: 'bg-brand-50 text-brand-600' },
  rejected: { Icon: CircleX, badge: 'bg-red-100 text-red-800', icon: 'bg-red-50 text-red-600' },
} as const;

const isKnown = (status: string): status is keyof typeof looks => status in looks;

/** §2 driver application, view 3: already a driver. Unknown statuses are shown verbatim (§4). */
export function DriverApplicationStatus({
  driver,
  cities,
  papersNeeded,
  onApplyAgain,
}: {
  driver: DriverRecord;
  cities?: readonly CityOption[];
  /** Shown after approval's words while the driver may not go online yet for their papers (decision 0081). */
  papersNeeded?: ReactNode;
  onApplyAgain: () => void;
}) {
  const status = driver.verification_status;
  const look = isKnown(status) ? looks[status] : looks.pending;
  const copy = isKnown(status) ? text.statuses[status] : { label: status, text: messages.errors.applicationPending.text(status) };
  const { Icon } = look;

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <PageTitle title={text.statusTitle} />
      <section aria-labelledby="application-status" className="rounded-3xl border border-ink-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex items-start gap-4">
          <span className={cn('flex size-12 shrink-0 items-center justify-center rounded-2xl', look.icon)}>
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1">
            <h1 id="application-status" className="text-2xl font-bold tracking-tight text-ink-900">
              {text.statusTitle}
            </h1>
            <p className="mt-1 text-sm text-ink-500">{text.appliedOn(formatDate(driver.created_at))}</p>
          </div>
        </div>

        <dl className="mt-6 flex items-center gap-3">
          <dt className="text-sm font-medium text-ink-600">{text.statusLabel}</dt>
          <dd className={cn('rounded-full px-3 py-1 text-sm font-semibold', look.badge)} data-testid="application-status" data-status={status}>
            {copy.label}
          </dd>
        </dl>
        <p className="mt-4 text-ink-700">{copy.text}</p>
        {status === 'approved' && !driver.suspended ? papersNeeded : null}
        {/* The city they drive in (decision 0074), changeable while the record is live. */}
        {driver.city !== undefined && status !== 'rejected' ? <DriverCity city={driver.city} cities={cities} /> : null}

        {status === 'rejected' ? (
          driver.rejection_reason ? (
            <div className="mt-4 rounded-2xl bg-red-50 p-4 text-sm text-red-900">
              <p className="font-semibold">{text.rejectionReason}</p>
              <p className="mt-1">{driver.rejection_reason}</p>
            </div>
          ) : (
            // The applicant's record answer may not carry the reason; the rejection notification always does.
            <p className="mt-2 text-sm text-ink-600">{text.reasonInNotifications}</p>
          )
        ) : null}

        {/* After a rejection a new application is allowed (the server keeps the old record as history). */}
        {status === 'rejected' ? (
          <Button size="lg" className="mt-8 w-full sm:w-auto" onClick={onApplyAgain}>
            {text.applyAgain}
          </Button>
        ) : null}

        {status === 'approved' && driver.suspended ? (
          <div role="status" className="mt-4 rounded-2xl bg-red-50 p-4 text-sm text-red-900">
            <p className="font-semibold">{text.suspended.title}</p>
            <p className="mt-1">{text.suspended.text}</p>
            {driver.suspension_reason ? (
              <p className="mt-2">
                <span className="font-semibold">{text.rejectionReason}:</span> {driver.suspension_reason}
              </p>
            ) : null}
          </div>
        ) : null}

        {status === 'approved' && !driver.suspended ? (
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={paths.driverActive} className={buttonClasses({ variant: 'accent', size: 'lg' })}>
              {messages.nav.goOnline}
            </Link>
            <Link to="/driver-documents-upload" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
              <FileUp className="size-5" aria-hidden="true" />
              {text.uploadDocuments}
            </Link>
          </div>
        ) : null}
      </section>
    </div>
  );
}
