import { type FormEvent, useId, useState } from 'react';
import type { TicketCategory } from '@openride/shared/support/schemas';
import { supportText } from '@openride/shared/support/support-text';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api';
import { type TicketView, useOpenTicket, useRecentRides } from '../api/tickets';
import { PhotoField } from './photo-field';
import { CategorySelect, formatWhen, selectClasses, textareaClasses } from './ticket-bits';

const text = supportText.form;

/**
 * "New ticket": a category, a message, photos (`ticket_photo`, uploaded as they are chosen) and the ride, when
 * there is one — preselected when the page was opened from a ride (/support-tickets?ride=ID).
 */
export function NewTicketForm({ rideId, as, onOpened }: { rideId?: string; as: 'rider' | 'driver'; onOpened: (ticket: TicketView) => void }) {
  const rides = useRecentRides(as);
  const openTicket = useOpenTicket();
  const [category, setCategory] = useState<TicketCategory | ''>('');
  const [message, setMessage] = useState('');
  const [ride, setRide] = useState(rideId ?? '');
  const [photos, setPhotos] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { category: useId(), message: useId(), hint: useId(), ride: useId(), error: useId() };
  const rideOptions = rides.data ?? [];
  const listed = rideOptions.some((r) => r.id === rideId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!category) return setError(supportText.form.chooseCategory);
    if (!message.trim()) return setError('Write a message.');
    setError(null);
    openTicket.mutate(
      { category, message: message.trim(), ...(ride ? { ride_id: ride } : {}), ...(photos.length ? { file_ids: photos } : {}) },
      {
        onSuccess: (ticket) => {
          toast({ title: text.opened(ticket.number) });
          onOpened(ticket);
        },
        onError: (err) => setError(isApiError(err) ? err.message : 'Could not send the ticket. Try again.'),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-2xl border border-ink-200 bg-white p-4" aria-label={supportText.page.newTicket}>
      <h2 className="text-lg font-semibold text-ink-900">{supportText.page.newTicket}</h2>
      <CategorySelect id={ids.category} label={text.category} value={category} onChange={setCategory} placeholder={text.chooseCategory} />
      <div className="space-y-1.5">
        <label htmlFor={ids.ride} className="block text-sm font-medium text-ink-800">
          {text.ride}
        </label>
        <select id={ids.ride} className={selectClasses} value={ride} onChange={(e) => setRide(e.target.value)}>
          <option value="">{text.rideNone}</option>
          {rideId && !listed ? <option value={rideId}>{`Ride ${rideId.slice(0, 8)}`}</option> : null}
          {rideOptions.map((r) => (
            <option key={r.id} value={r.id}>
              {`${formatWhen(r.requested_at)} · ${r.pickup.label ?? '—'} → ${r.destination.label ?? '—'}`}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={ids.message} className="block text-sm font-medium text-ink-800">
          {text.message}
        </label>
        <textarea id={ids.message} aria-describedby={ids.hint} rows={5} maxLength={4000} className={textareaClasses} value={message} onChange={(e) => setMessage(e.target.value)} />
        <p id={ids.hint} className="text-xs text-ink-500">
          {text.messageHint}
        </p>
      </div>
      <PhotoField photos={photos} setPhotos={setPhotos} onBusyChange={setBusy} />
      {error ? (
        <p id={ids.error} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={busy || openTicket.isPending}>
        {openTicket.isPending ? text.sending : text.submit}
      </Button>
    </form>
  );
}
