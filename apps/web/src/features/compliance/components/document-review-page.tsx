import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { complianceText, documentText } from '@openride/shared/compliance/compliance-text';
import { type DocumentReviewInput, documentReviewSchema, UPLOADABLE_DOCUMENT_KINDS } from '@openride/shared/compliance/schemas';
import { z } from 'zod';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { inputClasses } from '@/components/ui/field';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { MutationError, QueryView } from '@/components/ui/query-view';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api';
import { complianceKeys } from '../api/compliance-keys';
import { type AdminDocument, documentQueueList, QUEUE_POLL_MS, useDriverCompliance, useReviewDocument } from '../api/documents';
import { DocumentRequirements } from './document-requirements';
import { StatusBadge } from './status-badge';
import { useAdminCities } from '@/lib/admin-cities';
import { useConsoleCity } from '@/lib/console-city';
import { fileUrl } from '@/lib/file-url';
import { formatPhone } from '@openride/shared/phone';

const text = documentText.admin;
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const kindOptions = UPLOADABLE_DOCUMENT_KINDS.map((kind) => ({ value: kind, label: complianceText.kinds[kind] }));

/**
 * /document-review (issue 14, decision 0051): the queue of documents in review, oldest first, by kind and
 * by the driver's city; one opened shows large beside the driver's application, with Approve (the expiry date
 * confirmed) and Reject (a reason from the templates or written). The queue asks again every
 * QUEUE_POLL_MS (there is no admin room on the socket). Below, each city's requirements.
 */
export function DocumentReviewPage() {
  const client = useQueryClient();
  const cities = useAdminCities();
  const consoleCity = useConsoleCity().city;
  const [selected, setSelected] = useState<AdminDocument | null>(null);
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void client.invalidateQueries({ queryKey: complianceKeys.queue });
    }, QUEUE_POLL_MS);
    return () => clearInterval(timer);
  }, [client]);
  useEffect(() => {
    if (selected) panel.current?.scrollIntoView({ block: 'start' });
  }, [selected]);

  const columns = useMemo<ColumnDef<AdminDocument>[]>(
    () => [
      {
        id: 'created_at',
        header: text.columns.submitted,
        enableSorting: true,
        meta: { className: 'whitespace-nowrap' },
        cell: ({ row }) => dateTime.format(new Date(row.original.created_at)),
      },
      {
        id: 'driver',
        header: text.columns.driver,
        meta: { className: 'min-w-40' },
        cell: ({ row: { original: d } }) => (
          <div>
            <p className="font-semibold text-ink-900">{d.driver.full_name}</p>
            <p>{formatPhone(d.driver.phone)}</p>
          </div>
        ),
      },
      { id: 'kind', header: text.columns.kind, cell: ({ row }) => row.original.label },
      { id: 'city', header: text.columns.city, cell: ({ row }) => row.original.driver.city_name },
      { id: 'expires', header: text.columns.expires, meta: { className: 'whitespace-nowrap' }, cell: ({ row }) => row.original.expires_on ?? text.noExpiry },
      {
        id: 'actions',
        header: () => <span className="sr-only">{text.columns.actions}</span>,
        cell: ({ row: { original: d } }) => (
          <Button size="sm" onClick={() => setSelected(d)} aria-label={text.openLabel(d.driver.full_name, d.label)}>
            {text.open}
          </Button>
        ),
      },
    ],
    [],
  );
  // The console's city narrows the queue; under "All cities" the queue's own city filter does.
  const filters = useMemo(
    () => [
      { id: 'kind', label: text.filters.kind, options: kindOptions },
      ...(consoleCity === null && cities.data && cities.data.length > 1
        ? [{ id: 'city', label: text.filters.city, options: cities.data.map((c) => ({ value: c.id, label: c.name })) }]
        : []),
    ],
    [cities.data, consoleCity],
  );

  return (
    <PageContainer>
      <PageHeading title={uiText.pages.documentReview.title} description={text.intro} />
      {selected ? <ReviewPanel key={selected.id} ref={panel} doc={selected} onClose={() => setSelected(null)} /> : null}
      <DataTable
        label={text.title}
        endpoint={documentQueueList.endpoint}
        queryKey={documentQueueList.queryKey}
        params={{ ...documentQueueList.params, city: consoleCity ?? undefined }}
        columns={columns}
        getRowId={(row) => row.id}
        defaultSort={documentQueueList.defaultSort}
        searchLabel={`${text.name}, ${text.phone}, ${text.licence}`}
        filters={filters}
        empty={text.empty}
        loadFailed={text.loadFailed}
      />
      <DocumentRequirements />
    </PageContainer>
  );
}

function DocumentFiles({ doc }: { doc: AdminDocument }) {
  const sides = doc.files.length === 2 ? [text.front, text.back] : [doc.label];
  return (
    <div className="space-y-4">
      {doc.files.map((file, i) => {
        const url = fileUrl(file.id);
        const name = `${doc.label} — ${sides[i]}`;
        return (
          <figure key={file.id} className="space-y-1.5">
            <figcaption className="text-sm font-semibold text-ink-700">{sides[i]}</figcaption>
            {file.content_type === 'application/pdf' ? (
              <div className="space-y-2">
                <iframe src={url} title={name} className="h-[28rem] w-full rounded-xl border border-ink-200 bg-ink-50" />
                <a href={url} target="_blank" rel="noreferrer" className="text-sm font-semibold text-brand-700 underline underline-offset-4">
                  {text.openPdf}
                </a>
              </div>
            ) : (
              <a
                href={url}
                target="_blank"
                rel="noreferrer"
                className="block rounded-xl focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                <img src={url} alt={name} className="max-h-[32rem] w-full rounded-xl border border-ink-200 bg-ink-50 object-contain" />
              </a>
            )}
          </figure>
        );
      })}
    </div>
  );
}

function ReviewPanel({ doc, onClose, ref }: { doc: AdminDocument; onClose: () => void; ref: React.Ref<HTMLElement> }) {
  const titleId = useId();
  const papers = useDriverCompliance(doc.driver.id);
  const details: Array<[string, React.ReactNode]> = [
    [
      text.name,
      <Link key="n" to={paths.driverDetail(doc.driver.id)} className="font-semibold text-ink-900 underline-offset-4 hover:underline">
        {doc.driver.full_name}
      </Link>,
    ],
    [text.phone, formatPhone(doc.driver.phone)],
    [text.licence, doc.driver.license_number],
    [text.vehicle, `${doc.driver.vehicle} · ${doc.driver.license_plate}`],
    [text.applied, dateTime.format(new Date(doc.driver.applied_at))],
    [text.city, doc.driver.city_name],
  ];
  return (
    <section ref={ref} aria-labelledby={titleId} className="mb-8 scroll-mt-20 rounded-3xl border border-ink-200 bg-white p-4 sm:p-6">
      <div className="mb-4 flex items-start justify-between gap-3">
        <h2 id={titleId} className="text-xl font-semibold text-ink-900">
          {text.openLabel(doc.driver.full_name, doc.label)}
        </h2>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label={text.close}>
          <X className="size-5" aria-hidden="true" />
        </Button>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <DocumentFiles doc={doc} />
        <div className="space-y-6">
          <div>
            <h3 className="mb-2 text-sm font-semibold tracking-wide text-ink-500 uppercase">{text.application}</h3>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
              {details.map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-ink-500">{k}</dt>
                  <dd className="break-words text-ink-900">{v}</dd>
                </div>
              ))}
            </dl>
          </div>
          <div>
            <h3 className="mb-2 text-sm font-semibold tracking-wide text-ink-500 uppercase">{text.papers}</h3>
            <QueryView query={papers} loadFailed={text.loadFailed}>
              {(paperList) => (
                <ul className="space-y-1.5 text-sm">
                  {paperList.items.map((item) => (
                    <li key={item.kind} className="flex items-center justify-between gap-2">
                      <span className="text-ink-800">
                        {item.label}
                        {item.required ? '' : ` (${documentText.driver.optional.toLowerCase()})`}
                      </span>
                      <StatusBadge status={item.status} />
                    </li>
                  ))}
                </ul>
              )}
            </QueryView>
          </div>
          <Decision doc={doc} onDone={onClose} />
        </div>
      </div>
    </section>
  );
}

const OWN = '__own__';

/** Approve: the last valid day, required when the kind has an expiry ('' → none), into the server's schema. */
const approveForm = (expiryRequired: boolean) =>
  z
    .object({ expires_on: z.string().refine((day) => !expiryRequired || day !== '', text.expiryRequired) })
    .transform(({ expires_on }): DocumentReviewInput => ({ status: 'approved', expires_on: expires_on || null }))
    .pipe(documentReviewSchema);

/** Reject: a reason of at least 3 characters (the page's words), into the server's schema. */
const rejectForm = z
  .object({ reason: z.string().trim().min(3, text.reasonRequired) })
  .transform(({ reason }): DocumentReviewInput => ({ status: 'rejected', reason }))
  .pipe(documentReviewSchema);

function Decision({ doc, onDone }: { doc: AdminDocument; onDone: () => void }) {
  const review = useReviewDocument();
  const approveSchema = useMemo(() => approveForm(doc.expiry_required), [doc.expiry_required]);
  const approval = useZodForm(approveSchema, { defaultValues: { expires_on: doc.expires_on ?? '' } });
  const rejection = useZodForm(rejectForm, { defaultValues: { reason: '' } });
  const [template, setTemplate] = useState('');
  const templateId = useId();

  const send = (input: DocumentReviewInput) =>
    review.mutate(
      { id: doc.id, input },
      {
        onSuccess: () => (toast({ title: input.status === 'approved' ? text.approved : text.rejected }), onDone()),
        onError: (e: unknown) => {
          toast({ variant: 'destructive', title: isApiError(e) ? e.message : text.loadFailed });
          if (isApiError(e, 409)) onDone();
        },
      },
    );

  return (
    <div className="space-y-5">
      <Form form={approval} onSubmit={send} className="space-y-3 rounded-2xl bg-green-50 p-4" aria-label={text.approveTitle}>
        <FormField name="expires_on" label={text.expiresOn} hint={text.expiresOnHint} type="date" required={doc.expiry_required} />
        <Button type="submit" disabled={review.isPending} className="w-full">
          {text.approve}
        </Button>
      </Form>
      <Form form={rejection} onSubmit={send} className="space-y-3 rounded-2xl bg-red-50 p-4" aria-label={text.rejectTitle}>
        {/* A template fills the reason (not sent itself); "write your own" leaves it as typed. */}
        <div className="space-y-1.5">
          <label htmlFor={templateId} className="block text-sm font-medium text-ink-800">
            {text.template}
          </label>
          <select
            id={templateId}
            className={inputClasses}
            value={template}
            onChange={(e) => {
              setTemplate(e.target.value);
              if (e.target.value !== OWN) rejection.setValue('reason', e.target.value, { shouldValidate: rejection.formState.isSubmitted });
            }}
          >
            <option value="">{text.templatePlaceholder}</option>
            {documentText.rejectionTemplates.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
            <option value={OWN}>{text.writeOwn}</option>
          </select>
        </div>
        <FormField name="reason" as="textarea" label={text.reason} rows={3} maxLength={500} />
        <Button type="submit" variant="destructive" disabled={review.isPending} className="w-full">
          {text.reject}
        </Button>
      </Form>
      <MutationError error={review.error} fallback={text.loadFailed} />
    </div>
  );
}
