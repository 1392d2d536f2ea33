import { supportText } from '@openride/shared/support/support-text';
import type { TicketMessage } from '@openride/shared/support/views';
import { FileThumbs } from '@/components/ui/file-thumbs';
import { cn } from '@/lib/cn';
import { formatWhen } from './ticket-bits';

const text = supportText.conversation;

/** Who wrote a message, in the reader's words. */
function authorOf(m: TicketMessage, reader: 'requester' | 'participant' | 'admin') {
  if (m.mine) return text.you;
  if (m.author_role === 'support') return m.author_name && reader === 'admin' ? `${text.support} · ${m.author_name}` : text.support;
  if (reader === 'admin') return `${m.author_name ?? ''} (${m.author_role === 'participant' ? 'other party' : 'requester'})`.trim();
  return m.author_name ?? (m.author_role === 'participant' ? text.otherDriver : text.otherRider);
}

/** The conversation, oldest first; an internal note (admins only) looks and reads differently. */
export function TicketMessages({ messages, reader }: { messages: TicketMessage[]; reader: 'requester' | 'participant' | 'admin' }) {
  return (
    <ol className="space-y-3" aria-label="Conversation">
      {messages.map((m) => (
        <li
          key={m.id}
          className={cn(
            'rounded-2xl border p-3 text-sm',
            m.internal
              ? 'border-dashed border-amber-400 bg-amber-50'
              : m.author_role === 'support'
                ? 'border-brand-200 bg-brand-50'
                : 'border-ink-200 bg-white',
            m.mine && !m.internal && 'ml-6',
          )}
        >
          <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs text-ink-600">
            <span className="font-semibold text-ink-900">{authorOf(m, reader)}</span>
            <time dateTime={m.created_at}>{formatWhen(m.created_at)}</time>
          </p>
          {m.internal ? <p className="mt-1 text-xs font-semibold text-amber-900">{text.internal}</p> : null}
          <p className="mt-1 break-words whitespace-pre-wrap text-ink-900">{m.body}</p>
          <FileThumbs ids={m.file_ids} alt={text.photo} size="sm" className="mt-2" />
        </li>
      ))}
    </ol>
  );
}
