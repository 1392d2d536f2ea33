import { Link } from 'react-router';
import { CircleAlert, FileCheck2, FileWarning, ShieldAlert } from 'lucide-react';
import { dashboardText } from '@openride/shared/dashboard/dashboard-text';
import { Alert } from '@/components/ui/alert';
import { QueryView } from '@/components/ui/query-view';
import { cn } from '@/lib/cn';
import { type DriverCompliance, useMyCompliance } from '../api/get-my-compliance';
import { type ComplianceAlert, complianceAlerts, DOCUMENTS_UPLOAD_PATH } from '../lib/compliance-alerts';

const text = dashboardText.alerts;

const toneClasses = {
  danger: 'bg-red-50 text-red-900 ring-red-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-200',
  info: 'bg-ink-50 text-ink-800 ring-ink-200',
} as const;

function itemDetail(alert: Extract<ComplianceAlert, { kind: 'item' }>): string | null {
  const { item } = alert;
  if (item.status === 'rejected') return item.rejection_reason;
  if (item.status === 'expiring' && item.days_left !== null) return text.expiresIn(item.days_left);
  if (item.status === 'expired' && item.expires_on) return text.expiredOn(item.expires_on);
  return null;
}

/** The document and insurance alerts, from GET /api/drivers/me/compliance's answer: each leads to the upload page. */
export function ComplianceAlertsCard({ data }: { data: DriverCompliance }) {
  const alerts = complianceAlerts(data);
  return (
    <section aria-labelledby="dash-alerts" className="rounded-3xl border border-ink-200 bg-white p-5">
      <h2 id="dash-alerts" className="text-sm font-semibold tracking-wide text-ink-500 uppercase">
        {text.title}
      </h2>
      {alerts.length === 0 ? (
        <p className="mt-3 flex items-center gap-2 text-ink-700">
          <FileCheck2 className="size-5 text-brand-700" aria-hidden="true" />
          {text.allGood}
        </p>
      ) : (
        <ul className="mt-3 space-y-2" data-testid="compliance-alerts">
          {alerts.map((alert) =>
            alert.kind === 'hold' ? (
              <li key="hold">
                <Alert as="div" tone="strong">
                  <p className="flex items-center gap-2 font-semibold">
                    <ShieldAlert className="size-5" aria-hidden="true" />
                    {text.onHold}
                  </p>
                  {alert.reasons.length ? (
                    <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
                      {alert.reasons.map((reason) => (
                        <li key={reason}>{reason}</li>
                      ))}
                    </ul>
                  ) : null}
                </Alert>
              </li>
            ) : (
              <li key={alert.item.kind}>
                <Link
                  to={DOCUMENTS_UPLOAD_PATH}
                  className={cn(
                    'flex min-h-11 items-center gap-3 rounded-2xl p-3 ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                    toneClasses[alert.tone],
                  )}
                >
                  <FileWarning className="size-5 shrink-0" aria-hidden="true" />
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold">
                      {alert.item.label}: {text.status[alert.item.status]}
                      {alert.item.required ? <span className="sr-only"> ({text.required})</span> : null}
                    </span>
                    {itemDetail(alert) ? <span className="block text-sm">{itemDetail(alert)}</span> : null}
                  </span>
                  <span className="text-sm font-semibold underline">{text.upload}</span>
                </Link>
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}

/** The card with its own states: while the endpoint is missing or failing, a quiet line, never the page's failure. */
export function ComplianceAlerts() {
  const compliance = useMyCompliance();
  return (
    <QueryView
      query={compliance}
      loadFailed={text.failed}
      loadingClassName="min-h-24"
      errorView={() => (
        <section aria-labelledby="dash-alerts" className="rounded-3xl border border-ink-200 bg-white p-5" data-testid="compliance-unavailable">
          <h2 id="dash-alerts" className="text-sm font-semibold tracking-wide text-ink-500 uppercase">
            {text.title}
          </h2>
          <p className="mt-2 flex items-center gap-2 text-sm text-ink-500">
            <CircleAlert className="size-4" aria-hidden="true" />
            {text.failed}
          </p>
        </section>
      )}
    >
      {(data) => <ComplianceAlertsCard data={data} />}
    </QueryView>
  );
}
