import { useCallback, useMemo, useState } from 'react';
import { z } from 'zod';
import { Link } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { complianceText, documentText } from '@openride/shared/compliance/compliance-text';
import { type DocumentUploadInput, documentUploadSchema, type UploadableDocumentKind } from '@openride/shared/compliance/schemas';
import type { ComplianceItem, DocumentTypeView } from '@openride/shared/compliance/views';
import { driverCityText } from '@openride/shared/drivers/driver-city-text';
import { uiText } from '@openride/shared/ui-text';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { FilePicker } from '@/components/ui/file-picker';
import { FileThumbs } from '@/components/ui/file-thumbs';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { allQueries, MutationError, QueryView } from '@/components/ui/query-view';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api';
import { type DriverDocument, useMyCompliance, useMyDocuments, useSendDocument } from '../api/documents';
import { StatusBadge } from './status-badge';

const text = documentText.driver;

/**
 * /driver-documents-upload (issue 14, decision 0051): an approved driver's card per kind their city asks
 * for, with its status (from GET /api/drivers/me/compliance, the same rule as the hold), and an upload from
 * the camera or a file — the front and the back when the kind has two, the expiry date when it has one. On
 * hold, a banner lists exactly what is missing. Insurance is the vehicle's policy: its card links to /vehicles.
 */
export function DriverDocumentsPage() {
  const compliance = useMyCompliance();
  const documents = useMyDocuments();
  return (
    <PageContainer className="max-w-2xl">
      <PageHeading title={uiText.pages.driverDocumentsUpload.title} description={text.intro} />
      <QueryView
        query={allQueries(compliance, documents)}
        loadFailed={text.loadFailed}
        errorView={(failed) =>
          isApiError(failed) && failed.code === 'DRIVER_NOT_APPROVED' ? (
            <p className="rounded-3xl bg-ink-50 p-5 text-ink-700">{text.notApproved}</p>
          ) : isApiError(failed) && failed.code === 'DRIVER_CITY_UNKNOWN' ? (
            <p role="status" className="rounded-3xl bg-red-50 p-5 text-red-900">
              {driverCityText.unknown}{' '}
              <Link to={paths.driver} className="font-semibold underline underline-offset-4">
                {driverCityText.choose}
              </Link>
            </p>
          ) : undefined
        }
      >
        {([complianceData, documentsData]) => (
          <div className="space-y-4">
            {complianceData.city ? (
              <p className="text-sm font-medium text-ink-600" data-testid="compliance-city">
                {driverCityText.requirementsOf(complianceData.city.name)}
              </p>
            ) : null}
            {complianceData.on_hold ? (
              <section role="status" aria-labelledby="hold-title" className="flex gap-3 rounded-3xl bg-red-50 p-4 ring-1 ring-red-200 sm:p-5">
                <AlertTriangle className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden="true" />
                <div>
                  <h2 id="hold-title" className="font-semibold text-red-900">
                    {text.onHoldTitle}
                  </h2>
                  <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-red-900">
                    {complianceData.hold_reasons.map((reason) => (
                      <li key={reason}>{reason}</li>
                    ))}
                  </ul>
                </div>
              </section>
            ) : null}
            {complianceData.items.map((item) => (
              <DocumentCard
                key={item.kind}
                item={item}
                type={documentsData.types.find((t) => t.kind === item.kind)}
                latest={documentsData.latest.find((d) => d.kind === item.kind)}
              />
            ))}
          </div>
        )}
      </QueryView>
    </PageContainer>
  );
}

function StatusLine({ item }: { item: ComplianceItem }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-ink-600">
      <StatusBadge status={item.status} />
      {item.status === 'expiring' && item.days_left !== null ? (
        <span className="font-medium text-amber-900">{complianceText.expiresIn(item.days_left)}</span>
      ) : null}
      {item.status === 'approved' && item.expires_on ? <span>{text.validUntil(item.expires_on)}</span> : null}
      {item.status === 'expiring' && item.expires_on ? <span>{text.validUntil(item.expires_on)}</span> : null}
      {item.status === 'expired' && item.expires_on ? <span className="text-red-800">{text.expiredOn(item.expires_on)}</span> : null}
    </div>
  );
}

function DocumentCard({ item, type, latest }: { item: ComplianceItem; type: DocumentTypeView | undefined; latest: DriverDocument | undefined }) {
  const titleId = `doc-${item.kind}`;
  const settled = item.status === 'approved' || item.status === 'in_review' || (item.status === 'expiring' && item.renewal_in_review);
  // An optional paper never sent waits behind a button: the page leads with what the driver needs.
  const waiting = settled || (!item.required && item.status === 'missing');
  const [open, setOpen] = useState(false);
  const showForm = item.kind !== 'insurance' && type && (!waiting || open);
  const images = latest && latest.status !== 'superseded' ? latest.files.filter((f) => f.content_type.startsWith('image/')).map((f) => f.id) : [];
  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-3xl border border-ink-200 bg-white p-4 sm:p-5">
      <header className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold text-ink-900">
          {item.label}
        </h2>
        <span className="shrink-0 pt-1 text-xs font-semibold tracking-wide text-ink-500 uppercase">{item.required ? text.required : text.optional}</span>
      </header>
      <StatusLine item={item} />
      {item.status === 'rejected' && item.rejection_reason ? (
        <p className="rounded-xl bg-red-50 p-3 text-sm text-red-900">{text.rejectedBecause(item.rejection_reason)}</p>
      ) : null}
      {item.renewal_in_review ? <p className="text-sm text-ink-600">{text.renewalInReview}</p> : null}
      {images.length > 0 ? <FileThumbs ids={images} alt={(n) => text.pictureAlt(item.label, n)} /> : null}
      {item.kind === 'insurance' ? (
        <p className="text-sm text-ink-600">
          {text.insuranceHint}{' '}
          <Link to={paths.vehicles} className="font-semibold text-brand-700 underline underline-offset-4">
            {text.insuranceLink}
          </Link>
        </p>
      ) : showForm ? (
        <UploadForm kind={item.kind as UploadableDocumentKind} label={item.label} type={type} onDone={() => setOpen(false)} />
      ) : type ? (
        <Button variant="outline" onClick={() => setOpen(true)}>
          {item.status === 'missing' ? text.upload : text.uploadNew}
        </Button>
      ) : null}
    </article>
  );
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * The form's values → the server's `documentUploadSchema`: the front (and the back when the kind has two
 * sides) as the files uploaded, the last valid day when the kind asks for one ('' → none); each refusal is said
 * beside what it refuses.
 */
const uploadForm = (kind: UploadableDocumentKind, twoSides: boolean, expiryRequired: boolean) =>
  z
    .object({
      front: z.string().min(1, twoSides ? text.chooseFront : text.chooseFile),
      back: twoSides ? z.string().min(1, text.chooseBack) : z.string(),
      expires_on: expiryRequired ? z.string().min(1, documentText.errors.expiryRequired) : z.string(),
    })
    .transform(({ front, back, expires_on }): DocumentUploadInput => ({ kind, file_ids: twoSides ? [front, back] : [front], expires_on: expires_on || null }))
    .pipe(documentUploadSchema);

function UploadForm({ kind, label, type, onDone }: { kind: UploadableDocumentKind; label: string; type: DocumentTypeView; onDone: () => void }) {
  const send = useSendDocument();
  const twoSides = type.sides === 'front_back';
  const schema = useMemo(() => uploadForm(kind, twoSides, type.expiry_required), [kind, twoSides, type.expiry_required]);
  const form = useZodForm(schema, { defaultValues: { front: '', back: '', expires_on: '' } });
  const { errors } = form.formState;
  const [round, setRound] = useState(0);
  // Send waits for both sides' uploads to finish (their file ids are what is sent).
  const [uploading, setUploading] = useState({ front: false, back: false });
  const onFrontBusy = useCallback((busy: boolean) => setUploading((u) => ({ ...u, front: busy })), []);
  const onBackBusy = useCallback((busy: boolean) => setUploading((u) => ({ ...u, back: busy })), []);
  const uploaded = (side: 'front' | 'back', id: string) => form.setValue(side, id, { shouldValidate: form.formState.isSubmitted });

  const submit = (input: DocumentUploadInput) =>
    send.mutate(input, {
      onSuccess: () => {
        toast({ title: text.sent });
        form.reset();
        setRound((r) => r + 1);
        onDone();
      },
    });

  return (
    <Form form={form} onSubmit={submit} className="space-y-4 border-t border-ink-100 pt-3" aria-label={label}>
      <div className={twoSides ? 'grid gap-4 sm:grid-cols-2' : undefined}>
        <div className="space-y-1">
          {twoSides ? <p className="text-sm font-medium text-ink-800">{text.front}</p> : null}
          <FilePicker
            key={`f${round}`}
            label={twoSides ? text.frontOf(label) : label}
            purpose="driver_document"
            camera
            onBusyChange={onFrontBusy}
            onUploaded={(f) => uploaded('front', f.id)}
            disabled={send.isPending}
          />
          <Alert>{errors.front?.message}</Alert>
        </div>
        {twoSides ? (
          <div className="space-y-1">
            <p className="text-sm font-medium text-ink-800">{text.back}</p>
            <FilePicker
              key={`b${round}`}
              label={text.backOf(label)}
              purpose="driver_document"
              camera
              onBusyChange={onBackBusy}
              onUploaded={(f) => uploaded('back', f.id)}
              disabled={send.isPending}
            />
            <Alert>{errors.back?.message}</Alert>
          </div>
        ) : null}
      </div>
      {type.expiry_required ? (
        <FormField name="expires_on" label={text.expiresOn} hint={text.expiresOnHint} type="date" min={today()} required className="sm:max-w-60" />
      ) : null}
      <MutationError error={send.error} fallback={text.saveFailed} />
      <Button type="submit" disabled={send.isPending || uploading.front || uploading.back} className="w-full sm:w-auto">
        {send.isPending ? text.sending : text.submit}
      </Button>
    </Form>
  );
}
