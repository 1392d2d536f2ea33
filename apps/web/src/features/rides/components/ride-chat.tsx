import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, MessageCircle, SendHorizontal } from 'lucide-react';
import { driverText } from '@openride/shared/rides/driver-text';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { MutationError } from '@/components/ui/query-view';
import { inputClasses } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { RECONNECTED_EVENT, useRealtimeEvent } from '@/lib/realtime';
import { rideKeys } from '../api/ride-keys';
import { addMessage, type ChatRole, useLoadOlderMessages, useRideMessages, useSendMessage } from '../api/ride-messages';

const text = driverText.chat;
const MAX_LENGTH = 500;

export type RideChatProps = {
  rideId: string;
  myRole: ChatRole;
  /** True while the ride is accepted, arrived or in progress; otherwise the chat is read-only. */
  enabled: boolean;
  /** The other person's first name, shown above their messages (defaults to 'Rider' / 'Driver'). */
  otherName?: string;
  className?: string;
};

type Pending = { key: string; body: string; failed: boolean };

const timeOf = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
};

function Bubble({ mine, author, children, meta }: { mine: boolean; author: string; children: string; meta: ReactNode }) {
  return (
    <li className={cn('flex flex-col gap-0.5', mine ? 'items-end' : 'items-start')}>
      <span className="sr-only">{author}: </span>
      <p
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-[15px] leading-snug break-words whitespace-pre-wrap',
          mine ? 'rounded-br-md bg-ink-900 text-white' : 'rounded-bl-md bg-ink-100 text-ink-900',
        )}
      >
        {children}
      </p>
      <span className="px-1 text-xs text-ink-500">{meta}</span>
    </li>
  );
}

/**
 * The chat between a ride's rider and its driver, for both sides. The host page must be subscribed to the
 * ride's channel (`subscribeChannel(rideChannel(rideId))`): 'chat.message' events arrive there. This
 * component does not subscribe itself, because unsubscribing on unmount would also cut the host page off
 * the ride's other events. Sending is optimistic: the message shows at once, greyed, and turns into a
 * failed bubble with Retry if the server refuses it.
 */
export function RideChat({ rideId, myRole, enabled, otherName, className }: RideChatProps) {
  const client = useQueryClient();
  const messages = useRideMessages(rideId);
  const send = useSendMessage(rideId);
  const older = useLoadOlderMessages(rideId);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState<Pending[]>([]);
  const listRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const headingId = useId();

  useRealtimeEvent('chat.message', (data) => {
    if (data.message.ride_id === rideId) addMessage(client, data.message);
  });
  // Messages sent while the socket was down were missed: read the list again.
  useRealtimeEvent(RECONNECTED_EVENT, () => void client.invalidateQueries({ queryKey: rideKeys.messages(rideId) }));

  const list = messages.data?.messages ?? [];
  const count = list.length + pending.length;
  // Newest at the bottom, in view: scroll the list itself (not the page) whenever a message is added at
  // the bottom. Earlier messages loaded at the top leave the view where it is.
  const newest = `${list.at(-1)?.id ?? ''}:${pending.length}`;
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newest]);

  // A closed chat cannot send: pending bubbles would never resolve, so they are shown as failed.
  useEffect(() => {
    if (!enabled) setPending((items) => (items.some((p) => !p.failed) ? items.map((p) => ({ ...p, failed: true })) : items));
  }, [enabled]);

  // One POST at a time, in the order typed: two sent in quick succession could otherwise reach the
  // server (and take their timestamps) the other way round. A failure does not hold up the ones after it.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const deliver = (item: Pending) => {
    queue.current = queue.current.then(() =>
      send.mutateAsync(item.body).then(
        () => setPending((items) => items.filter((p) => p.key !== item.key)),
        () => setPending((items) => items.map((p) => (p.key === item.key ? { ...p, failed: true } : p))),
      ),
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = draft.trim();
    if (!body || !enabled) return;
    const item = { key: `${Date.now()}-${Math.random()}`, body, failed: false };
    setPending((items) => [...items, item]);
    setDraft('');
    deliver(item);
  };

  const retry = (item: Pending) => {
    setPending((items) => items.map((p) => (p.key === item.key ? { ...p, failed: false } : p)));
    deliver({ ...item, failed: false });
  };

  const otherLabel = otherName || (myRole === 'rider' ? text.driver : text.rider);
  // A closed chat with nothing in it is a dead box (issue 17 §7): not shown at all.
  if (!enabled && count === 0 && messages.isSuccess) return null;

  return (
    <section aria-labelledby={headingId} className={cn('flex flex-col rounded-3xl border border-ink-200 bg-white', className)}>
      <h2 id={headingId} className="flex items-center gap-2 border-b border-ink-100 px-4 py-3 text-base font-semibold text-ink-900">
        <MessageCircle className="size-5 text-ink-500" aria-hidden="true" />
        {text.title}
      </h2>
      {messages.isError && !messages.data ? (
        <Alert className="px-4 py-6 text-center">{text.loadFailed}</Alert>
      ) : count === 0 && !messages.isPending ? (
        <p className="px-4 py-6 text-center text-sm text-ink-500">{enabled ? text.empty : text.closed}</p>
      ) : (
        // The log role sits on a wrapper: on the <ol> itself it would take away the list its items need.
        <div ref={listRef} role="log" aria-live="polite" aria-label={text.title} className="max-h-72 min-h-24 overflow-y-auto px-4 py-3">
          {messages.data?.hasOlder ? (
            <div className="mb-2 flex flex-col items-center gap-1">
              <Button type="button" variant="ghost" size="sm" onClick={() => older.mutate()} disabled={older.isPending}>
                {older.isPending ? text.loadingOlder : text.loadOlder}
              </Button>
              <MutationError error={older.error}>{text.loadOlderFailed}</MutationError>
            </div>
          ) : null}
          <ol className="space-y-2">
            {list.map((m) => {
              const mine = m.sender_role === myRole;
              return (
                <Bubble key={m.id} mine={mine} author={mine ? text.you : otherLabel} meta={`${mine ? '' : `${otherLabel} · `}${timeOf(m.created_at)}`}>
                  {m.body}
                </Bubble>
              );
            })}
            {pending.map((p) => (
              <Bubble
                key={p.key}
                mine
                author={text.you}
                meta={
                  p.failed ? (
                    <span className="inline-flex items-center gap-1.5 text-red-700">
                      <AlertCircle className="size-3.5" aria-hidden="true" />
                      {text.failed}
                      {enabled ? (
                        <button type="button" onClick={() => retry(p)} className="font-semibold underline underline-offset-2">
                          {text.retry}
                        </button>
                      ) : null}
                    </span>
                  ) : (
                    text.sending
                  )
                }
              >
                {p.body}
              </Bubble>
            ))}
          </ol>
        </div>
      )}
      {enabled ? (
        <form onSubmit={onSubmit} className="flex items-end gap-2 border-t border-ink-100 p-3">
          <label htmlFor={inputId} className="sr-only">
            {text.label}
          </label>
          <input
            id={inputId}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={MAX_LENGTH}
            autoComplete="off"
            enterKeyHint="send"
            placeholder={text.placeholder}
            className={cn(inputClasses, 'rounded-full')}
          />
          <Button type="submit" variant="primary" size="icon" className="size-11 rounded-full" disabled={!draft.trim()} aria-label={text.send}>
            <SendHorizontal className="size-5" aria-hidden="true" />
          </Button>
        </form>
      ) : count > 0 ? (
        <p className="border-t border-ink-100 px-4 py-3 text-center text-sm text-ink-500">{text.closed}</p>
      ) : null}
    </section>
  );
}
