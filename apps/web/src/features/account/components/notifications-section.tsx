import { useState } from 'react';
import { Lock } from 'lucide-react';
import { accountText } from '@openride/shared/account/account-text';
import { PREF_CHANNELS, PREF_KINDS, type PrefChannel, type PrefKind } from '@openride/shared/account/notification-prefs';
import { Switch } from '@/components/ui/switch';
import { type AccountView, useUpdatePrefs } from '../api/account';
import { failure, type Outcome, OutcomeMessage, Section } from './section';

const text = accountText.notifications;

/** Kinds × channels, each switch saved as it is flipped; safety shown on and locked. */
export function NotificationsSection({ account }: { account: AccountView }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const update = useUpdatePrefs();
  const prefs = account.notification_preferences;

  const flip = (kind: PrefKind, channel: PrefChannel, enabled: boolean) => {
    setOutcome(null);
    update.mutate(
      { changes: [{ kind, channel, enabled }] },
      { onSuccess: () => setOutcome({ tone: 'success', text: text.saved }), onError: (e) => setOutcome(failure(e)) },
    );
  };

  return (
    <Section title={text.heading} description={text.intro}>
      <div className="space-y-3">
        {PREF_KINDS.map((kind) => {
          const locked = kind === 'safety';
          return (
            <fieldset key={kind} className="rounded-2xl bg-ink-50 p-3">
              <legend className="sr-only">{text.kinds[kind]}</legend>
              <p aria-hidden="true" className="mb-2 flex items-center gap-2 text-sm font-semibold text-ink-900">
                {text.kinds[kind]}
                {locked ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-ink-200 px-2 py-0.5 text-xs font-medium text-ink-700">
                    <Lock className="size-3" aria-hidden="true" />
                    {text.locked}
                  </span>
                ) : null}
              </p>
              <div className="flex flex-wrap gap-x-6 gap-y-2">
                {PREF_CHANNELS.map((channel) => (
                  <label key={channel} className="flex min-h-11 items-center gap-2 text-sm text-ink-800">
                    <Switch
                      checked={locked ? true : prefs[kind][channel]}
                      disabled={locked || update.isPending}
                      aria-label={text.toggle(text.kinds[kind], text.channels[channel])}
                      title={locked ? text.safetyLocked : undefined}
                      onCheckedChange={(checked) => flip(kind, channel, checked)}
                    />
                    <span aria-hidden="true">{text.channels[channel]}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          );
        })}
      </div>
      <OutcomeMessage outcome={outcome} />
    </Section>
  );
}
