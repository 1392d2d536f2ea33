import { useId, useState } from 'react';
import { openTicketSchema, TICKET_CATEGORIES } from '@openride/shared/support/schemas';
import { supportText } from '@openride/shared/support/support-text';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { type TicketView, useOpenTicket, useRecentRides } from '../api/tickets';
import { PhotoField } from './photo-field';
import { formatWhen, selectClasses } from './ticket-bits';
import { MutationError } from '@/components/ui/query-view';

const text = supportText.form;

/**
 * "New ticket": a category, a message, photos (`ticket_photo`, uploaded as they are chosen) and the ride, when
 * there is one — preselected when the page was opened from a ride (/support-tickets?ride=ID). The category
 * and the message are the kit's form fields on the server's schema: each refusal beside its field.
 */
export function NewTicketForm({ rideId, as, onOpened }: { rideId?: string; as: 'rider' | 'driver'; onOpened: (ticket: TicketView) => void }) {
  const rides = useRecentRides(as);
  const openTicket = useOpenTicket();
  const form = useZodForm(openTicketSchema, { defaultValues: { message: '' } });
  const [ride, setRide] = useState(rideId ?? '');
  const [photos, setPhotos] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const rideField = useId();
  const rideOptions = rides.data ?? [];
  const listed = rideOptions.some((r) => r.id === rideId);

  const submit = ({ category, message }: { category: (typeof TICKET_CATEGORIES)[number]; message: string }) =>
    openTicket.mutate(
      { category, message, ...(ride ? { ride_id: ride } : {}), ...(photos.length ? { file_ids: photos } : {}) },
      {
        onSuccess: (ticket) => {
          toast({ title: text.opened(ticket.number) });
          onOpened(ticket);
        },
      },
    );

  return (
    <Form form={form} onSubmit={submit} className="space-y-4 rounded-2xl border border-ink-200 bg-white p-4" aria-label={supportText.page.newTicket}>
      <h2 className="text-lg font-semibold text-ink-900">{supportText.page.newTicket}</h2>
      <FormField name="category" as="select" label={text.category}>
        <option value="">{text.chooseCategory}</option>
        {TICKET_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {supportText.categories[c]}
          </option>
        ))}
      </FormField>
      <div className="space-y-1.5">
        <label htmlFor={rideField} className="block text-sm font-medium text-ink-800">
          {text.ride}
        </label>
        <select id={rideField} className={selectClasses} value={ride} onChange={(e) => setRide(e.target.value)}>
          <option value="">{text.rideNone}</option>
          {rideId && !listed ? <option value={rideId}>{`Ride ${rideId.slice(0, 8)}`}</option> : null}
          {rideOptions.map((r) => (
            <option key={r.id} value={r.id}>
              {`${formatWhen(r.requested_at)} · ${r.pickup.label ?? '—'} → ${r.destination.label ?? '—'}`}
            </option>
          ))}
        </select>
      </div>
      <FormField name="message" as="textarea" label={text.message} hint={text.messageHint} rows={5} maxLength={4000} />
      <PhotoField photos={photos} setPhotos={setPhotos} onBusyChange={setBusy} />
      <MutationError error={openTicket.error} fallback={text.sendFailed} />
      <Button type="submit" disabled={busy || openTicket.isPending}>
        {openTicket.isPending ? text.sending : text.submit}
      </Button>
    </Form>
  );
}
