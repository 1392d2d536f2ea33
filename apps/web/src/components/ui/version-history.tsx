import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format';

/** What every versioned setting's version carries (fare policies, financial settings, cancellation policies; decision 0087). */
export type VersionEntry = {
  id: string;
  version: number;
  status: 'in_force' | 'scheduled' | 'superseded';
  effective_from: string;
  created_by_name: string | null;
  note: string | null;
};

/** One field a version changed against the one before, as the reader reads it. */
export type VersionChange = { label: string; from: string; to: string };

/**
 * `changes` for a setting read as labelled values (the same labels, in the same order, for every version):
 * each label whose value differs, with the value before and after.
 */
export function changedRows<V>(rows: (v: V) => ReadonlyArray<readonly [string, string]>) {
  return (before: V, after: V): VersionChange[] => {
    const was = rows(before);
    return rows(after)
      .map(([label, to], i) => ({ label, from: was[i]![1], to }))
      .filter((c) => c.from !== c.to);
  };
}

export type VersionHistoryWords = {
  history: string;
  version: (v: number) => string;
  status: Record<VersionEntry['status'], string>;
  by: (name: string | null) => string;
  /** Under the first version (nothing to compare with); nothing is said there when undefined. */
  initial?: string;
  changed: string;
  /** A version that starts at the epoch (migrated from before versions): "since the start". */
  sinceStart?: string;
};

/**
 * A versioned setting's history: a disclosure "History (n)" listing every version, newest number first, each
 * with its state, when it starts, who saved it, its note and what it changed against the one before
 * (`changes`). `versions` undefined is still loading (`pending` is shown); `onToggle` tells the caller it was
 * opened, so a history may be read only when asked for.
 */
export function VersionHistory<V extends VersionEntry>({
  versions,
  count,
  changes,
  words,
  open,
  onToggle,
  pending,
}: {
  versions: readonly V[] | undefined;
  /** The number shown before the versions are read (defaults to their count). */
  count?: number;
  changes: (before: V, after: V) => VersionChange[];
  words: VersionHistoryWords;
  open?: boolean;
  onToggle?: (open: boolean) => void;
  pending?: ReactNode;
}) {
  const total = versions?.length ?? count;
  if (total === 0) return null;
  const byNumber = [...(versions ?? [])].sort((a, b) => b.version - a.version);
  const when = (iso: string) => (words.sinceStart && new Date(iso).getTime() <= 0 ? words.sinceStart : formatDateTime(iso));
  return (
    <details className="rounded-xl bg-ink-50 p-3 text-sm" open={open} onToggle={(e) => onToggle?.(e.currentTarget.open)}>
      <summary className="cursor-pointer font-medium text-ink-800">
        {words.history}
        {total === undefined ? null : ` (${total})`}
      </summary>
      {versions === undefined ? (
        <div className="mt-3">{pending}</div>
      ) : (
        <ol className="mt-3 space-y-3" aria-label={words.history}>
          {byNumber.map((v, i) => {
            const previous = byNumber[i + 1];
            const changed = previous ? changes(previous, v) : [];
            return (
              <li key={v.id} className="rounded-lg bg-white p-3 ring-1 ring-ink-200">
                <p className="font-semibold text-ink-900">
                  {words.version(v.version)} · <span className={v.status === 'in_force' ? 'text-brand-800' : 'font-normal'}>{words.status[v.status]}</span>
                </p>
                <p className="text-ink-600">
                  {when(v.effective_from)} · {words.by(v.created_by_name)}
                </p>
                {v.note ? <p className="mt-1 text-ink-700">{v.note}</p> : null}
                {previous ? (
                  changed.length ? (
                    <ul className="mt-2 space-y-1" aria-label={`${words.changed}: ${words.version(v.version)}`}>
                      {changed.map((c) => (
                        <li key={c.label} className="flex flex-wrap gap-x-2">
                          <span className="text-ink-600">{c.label}:</span>
                          <del className="text-red-800">{c.from}</del>
                          <span aria-hidden="true">→</span>
                          <ins className="rounded bg-brand-100 px-1 font-semibold text-brand-900 no-underline">{c.to}</ins>
                        </li>
                      ))}
                    </ul>
                  ) : null
                ) : words.initial ? (
                  <p className="mt-1 text-ink-500">{words.initial}</p>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </details>
  );
}
