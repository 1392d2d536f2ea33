import { MessageCircle } from 'lucide-react';
import { driverText } from '@openride/shared/rides/driver-text';

export function NewMessagePill({ from, body, onOpen }: { from: string; body: string; onOpen: () => void }) {
  return (
    <div className="fixed inset-x-0 bottom-4 z-30 flex justify-center px-4">
      <button
        type="button"
        onClick={onOpen}
        className="flex max-w-full items-center gap-2 rounded-full bg-ink-900 px-4 py-3 text-left text-sm text-white shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <MessageCircle className="size-5 shrink-0 text-brand-400" aria-hidden="true" />
        <span className="min-w-0">
          <span className="block font-semibold">{driverText.chat.newMessage(from)}</span>
          <span className="block truncate text-ink-300">{body}</span>
        </span>
      </button>
    </div>
  );
}
