import { useState } from 'react';
import { cancellationText as text } from '@openride/shared/cancellation/cancellation-text';
import { Alert } from '@/components/ui/alert';
import { changedRows, VersionHistory } from '@/components/ui/version-history';
import { type CancellationPolicyVersion, type CancellationPolicyView, useCancellationPolicyVersions } from '../api/cancellation-policies';
import { formatMoney as moneyOf } from '@/lib/money';

/** A version's terms as the card reads them, label by label (the diff between two versions compares these). */
function shown(v: CancellationPolicyVersion, currency: string): Array<[string, string]> {
  const money = (cents: number) => moneyOf(cents, currency);
  return [
    [text.columns.freeWindow, text.seconds(v.free_window_s)],
    [
      text.columns.fee,
      v.fee_kind === 'fixed'
        ? text.feeFixed(money(v.fee_fixed_cents))
        : text.feePercent(String(v.fee_percent_bp / 100), money(v.fee_min_cents), money(v.fee_max_cents)),
    ],
    [text.columns.noShow, text.noShowSummary(text.seconds(v.no_show_wait_s), money(v.no_show_fee_cents))],
    [text.columns.lateMargin, text.seconds(v.late_driver_margin_s)],
    [text.columns.driverShare, text.shareSummary(v.driver_share_late_cancel_pct, v.driver_share_no_show_pct)],
  ];
}

/** A policy's versions (decision 0087), read when its history is opened; numbered from 1, so the one in force says how many. */
export function PolicyHistory({ policy }: { policy: CancellationPolicyView }) {
  const [open, setOpen] = useState(false);
  const versions = useCancellationPolicyVersions(policy.id, open);
  return (
    <VersionHistory
      versions={versions.data}
      count={policy.version}
      changes={changedRows((v: CancellationPolicyVersion) => shown(v, policy.currency))}
      words={text}
      open={open}
      onToggle={setOpen}
      pending={versions.isError ? <Alert>{text.historyFailed}</Alert> : <p className="text-ink-600">{text.historyLoading}</p>}
    />
  );
}
