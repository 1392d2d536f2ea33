import { useId, useMemo, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { referralsText } from '@openride/shared/referrals/referrals-text';
import { moneyInputValue } from '@openride/shared/money';
import { REFERRAL_PROGRAMS, REFERRAL_STATUSES, type ReferralProgramFormInput, referralProgramFormSchema } from '@openride/shared/referrals/schemas';
import { Button } from '@/components/ui/button';
import { CityPicker } from '@/components/ui/city-picker';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { type ColumnDef, DataTable } from '@/components/ui/data-table';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { PageContainer, PageHeading } from '@/components/ui/page';
import { QueryView } from '@/components/ui/query-view';
import { toast } from '@/components/ui/use-toast';
import { usePageCity } from '@/lib/console-city';
import { formatDateTime } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import {
  adminReferralsList,
  type AdminReferral,
  type ReferralProgramView,
  useReferralPrograms,
  useReviewReferral,
  useSaveReferralProgram,
} from '../api/admin-referrals';
import { ReferralStatusChip } from './my-referrals';

const text = referralsText.admin;

/**
 * /referrals for admins (decisions 0064, 0069): both programs' settings — the default, or a chosen city's —, what
 * rewards cost, and every referral with a Flagged filter and the Approve / Reject of a flagged one.
 */
export function AdminReferralsPage() {
  const [city, setCity] = usePageCity('');
  const programs = useReferralPrograms(city);
  return (
    <PageContainer>
      <PageHeading title={referralsText.page.adminTitle} description={referralsText.page.adminDescription} />
      <section aria-labelledby="referral-programs" className="space-y-4">
        <h2 id="referral-programs" className="text-lg font-semibold text-ink-900">
          {text.programs}
        </h2>
        <QueryView query={programs} loadFailed={text.loadFailed}>
          {(programsData) => (
            <>
              <p className="text-sm text-ink-700">
                {text.cost}: {programsData.cost.length ? programsData.cost.map((c) => formatMoney(c.cents, c.currency)).join(' · ') : formatMoney(0, 'USD')} ·{' '}
                {text.counts}: {REFERRAL_STATUSES.map((s) => `${referralsText.statuses[s]} ${programsData.counts[s] ?? 0}`).join(', ')}
              </p>
              <CityPicker
                className="w-full sm:w-72"
                label={text.city}
                cities={[{ id: '', name: text.defaultScope }, ...programsData.cities]}
                value={city}
                onChange={setCity}
              />
              <p className="text-sm text-ink-600">
                {city
                  ? `${programsData.programs[0]?.own === false ? `${text.usesDefault} ` : ''}${text.cityHint(programsData.programs[0]?.currency ?? '')}`
                  : text.defaultHint}
              </p>
              <div className="grid gap-4 lg:grid-cols-2">
                {REFERRAL_PROGRAMS.map((p) => {
                  const program = programsData.programs.find((x) => x.program === p);
                  return program ? <ProgramForm key={`${p}-${city}-${program.version}`} program={program} city={city} /> : null;
                })}
              </div>
            </>
          )}
        </QueryView>
      </section>
      <section aria-labelledby="referral-list" className="mt-8 space-y-3">
        <h2 id="referral-list" className="text-lg font-semibold text-ink-900">
          {text.list}
        </h2>
        <ReferralsTable />
      </section>
    </PageContainer>
  );
}

/** The default program's amounts apply in each city's own currency: they are typed as dollars and cents are (two decimals). */
const FORM_CURRENCY_OF_DEFAULT = 'USD';

function ProgramForm({ program, city }: { program: ReferralProgramView; city: string }) {
  const save = useSaveReferralProgram(program.program, city);
  const currency = program.currency ?? FORM_CURRENCY_OF_DEFAULT;
  const schema = useMemo(() => referralProgramFormSchema(currency), [currency]);
  // Whole amounts without their zero decimals, as before ('5', '5.50').
  const shown = (minor: number) => moneyInputValue(minor, currency).replace(/\.0+$/, '');
  const form = useZodForm(schema, {
    defaultValues: {
      enabled: program.enabled,
      referrer_reward: shown(program.referrer_reward_cents),
      referee_reward: shown(program.referee_reward_cents),
      rides_required: String(program.rides_required),
      within_days: String(program.within_days),
      // A city has no expiry of its own (set at sign-up, from the default): the field is not shown nor sent.
      expiry_days: String(program.expiry_days ?? 90),
    } satisfies ReferralProgramFormInput,
  });
  const headingId = useId();
  const rider = program.program === 'rider';
  return (
    <section aria-labelledby={headingId} className="rounded-3xl border border-ink-200 bg-white p-5">
      <Form
        form={form}
        className="space-y-4"
        onSubmit={(v) =>
          save.mutate(
            {
              enabled: v.enabled,
              referrer_reward_cents: v.referrer_reward,
              referee_reward_cents: rider ? v.referee_reward : 0,
              // The rider program qualifies on the first ride: N and D are the driver program's.
              rides_required: rider ? program.rides_required : v.rides_required,
              within_days: rider ? program.within_days : v.within_days,
              ...(city ? {} : { expiry_days: v.expiry_days }),
              version: program.version,
            },
            {
              onSuccess: () => toast({ title: text.saved }),
              onError: (e) => toast({ variant: 'destructive', title: text.saveFailed, description: e.message }),
            },
          )
        }
      >
        <h3 id={headingId} className="text-base font-semibold text-ink-900">
          {text.program[program.program]}
        </h3>
        <p className="text-sm text-ink-600">{text.programHint[program.program]}</p>
        <EnabledField />
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField name="referrer_reward" label={text.referrerReward(currency)} inputMode="decimal" autoComplete="off" />
          {rider ? <FormField name="referee_reward" label={text.refereeReward(currency)} inputMode="decimal" autoComplete="off" /> : null}
          {rider ? null : <FormField name="rides_required" label={text.ridesRequired} inputMode="numeric" autoComplete="off" />}
          {rider ? null : <FormField name="within_days" label={text.withinDays} inputMode="numeric" autoComplete="off" />}
          {city ? null : <FormField name="expiry_days" label={text.expiryDays} inputMode="numeric" autoComplete="off" />}
        </div>
        <p className="text-xs text-ink-500">
          {text.version(program.version, program.updated_at ? formatDateTime(program.updated_at) : null, program.updated_by_name)}
        </p>
        <Button type="submit" disabled={save.isPending}>
          {text.save}
        </Button>
      </Form>
    </section>
  );
}

function EnabledField() {
  const { register } = useFormContext<ReferralProgramFormInput>();
  const id = useId();
  return (
    <div className="flex min-h-11 items-center gap-3">
      <input id={id} type="checkbox" className="size-5 accent-ink-900" {...register('enabled')} />
      <label htmlFor={id} className="text-sm font-medium text-ink-800">
        {text.enabled}
      </label>
    </div>
  );
}

function ReferralsTable() {
  const columns = useMemo<ColumnDef<AdminReferral>[]>(
    () => [
      {
        id: 'created_at',
        header: text.columns.created,
        enableSorting: true,
        meta: { className: 'whitespace-nowrap' },
        cell: ({ row }) => formatDateTime(row.original.created_at),
      },
      { id: 'program', header: text.columns.program, cell: ({ row }) => referralsText.referred.program[row.original.program] },
      { id: 'referrer', header: text.columns.referrer, cell: ({ row }) => row.original.referrer_name ?? '—' },
      { id: 'referee', header: text.columns.referee, cell: ({ row }) => row.original.referee_name ?? '—' },
      {
        id: 'status',
        header: text.columns.status,
        cell: ({ row: { original: r } }) => (
          <div className="space-y-1">
            <ReferralStatusChip status={r.status} />
            {r.flag_reason ? <p className="text-xs text-amber-900">{text.flags[r.flag_reason]}</p> : null}
          </div>
        ),
      },
      {
        id: 'reward',
        header: text.columns.reward,
        cell: ({ row: { original: r } }) =>
          r.currency && r.status === 'rewarded' ? formatMoney((r.referrer_reward_cents ?? 0) + (r.referee_reward_cents ?? 0), r.currency) : '—',
      },
      {
        id: 'review',
        header: text.columnsReview,
        cell: ({ row: { original: r } }) =>
          r.review ? (
            <p className="max-w-64 text-xs text-ink-700">{text.reviewed(r.review, r.reviewed_by_name, r.review_note)}</p>
          ) : r.status === 'flagged' ? (
            <ReviewButtons referral={r} />
          ) : null,
      },
    ],
    [],
  );
  return (
    <DataTable
      label={text.list}
      endpoint={adminReferralsList.endpoint}
      queryKey={adminReferralsList.queryKey}
      columns={columns}
      getRowId={(r) => r.id}
      defaultSort={adminReferralsList.defaultSort}
      searchLabel={text.search}
      filters={[
        { id: 'flagged', label: text.flagged, options: [{ value: 'yes', label: text.flaggedOnly }] },
        { id: 'status', label: 'Status', options: REFERRAL_STATUSES.map((s) => ({ value: s, label: referralsText.statuses[s] })) },
        { id: 'program', label: text.columns.program, options: REFERRAL_PROGRAMS.map((p) => ({ value: p, label: referralsText.referred.program[p] })) },
      ]}
      empty={text.empty}
      loadFailed={text.loadFailed}
    />
  );
}

/** Approve or Reject a flagged referral, each through the kit's dialog with a required note (decision 0069). */
function ReviewButtons({ referral }: { referral: AdminReferral }) {
  const [open, setOpen] = useState<'approved' | 'rejected' | null>(null);
  const review = useReviewReferral();
  const who = referral.referee_name ?? '—';
  const decide = (decision: 'approved' | 'rejected', note: string) =>
    review.mutate(
      { id: referral.id, decision, note },
      {
        onSuccess: () => toast({ title: decision === 'approved' ? text.approved : text.rejected }),
        onError: (e) => toast({ variant: 'destructive', title: text.reviewFailed, description: e.message }),
      },
    );
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={() => setOpen('approved')} disabled={review.isPending} aria-label={`${text.approve} · ${who}`}>
        {text.approve}
      </Button>
      <Button size="sm" variant="outline" onClick={() => setOpen('rejected')} disabled={review.isPending} aria-label={`${text.reject} · ${who}`}>
        {text.reject}
      </Button>
      <ConfirmDialog
        open={open !== null}
        onOpenChange={(o) => setOpen(o ? open : null)}
        title={open === 'rejected' ? text.rejectTitle : text.approveTitle}
        description={open === 'rejected' ? text.rejectDescription(who) : text.approveDescription(who)}
        confirmLabel={open === 'rejected' ? text.reject : text.approve}
        variant={open === 'rejected' ? 'destructive' : 'primary'}
        reason={{ label: text.note, requiredMessage: text.noteRequired, maxLength: 500 }}
        busy={review.isPending}
        onConfirm={(note) => {
          const decision = open;
          setOpen(null);
          if (decision && note) decide(decision, note);
        }}
      />
    </div>
  );
}
