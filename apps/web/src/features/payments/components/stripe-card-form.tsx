import { type FormEvent, useId, useMemo, useState } from 'react';
import { loadStripe } from '@stripe/stripe-js';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { paymentText as text } from '@openride/shared/payments/payment-text';
import type { SavedCard } from '@openride/shared/payments/views';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { startCardSetup, useSaveCard } from '../api/payments';

type Props = { publishableKey: string; onSaved: (card: SavedCard) => void; onCancel: () => void };

/**
 * "Add a card" with Stripe's own Elements (decision 0038): the card number goes from Stripe's frame to Stripe,
 * never to us. We make a SetupIntent, Stripe.js confirms it with the card, and we save the result by its id.
 * Loaded only when Stripe is configured and the rider asks to add a card (its own chunk).
 */
export default function StripeCardForm({ publishableKey, ...props }: Props) {
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ onSaved, onCancel }: Omit<Props, 'publishableKey'>) {
  const id = useId();
  const stripe = useStripe();
  const elements = useElements();
  const save = useSaveCard();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setBusy(true);
    setError(null);
    try {
      const setup = await startCardSetup();
      const confirmed = await stripe.confirmCardSetup(setup.client_secret, { payment_method: { card } });
      if (confirmed.error) {
        setError(confirmed.error.message ?? text.cardsFailed);
        return;
      }
      onSaved(await save.mutateAsync({ setup_intent_id: confirmed.setupIntent.id }));
    } catch (err) {
      setError((err as Error).message || text.cardsFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-labelledby={`${id}-title`} className="space-y-3 rounded-2xl border border-ink-200 p-3.5">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-ink-900">
        {text.addCard}
      </h3>
      <div className="rounded-xl border border-ink-200 bg-white px-3.5 py-3">
        <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '16px' } } }} />
      </div>
      <Alert>{error}</Alert>
      <div className="grid grid-cols-[1fr_2fr] gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {text.cancel}
        </Button>
        <Button type="submit" disabled={!stripe || busy}>
          {busy ? text.addingCard : text.saveCard}
        </Button>
      </div>
    </form>
  );
}
