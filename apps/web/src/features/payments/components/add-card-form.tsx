import { lazy, Suspense } from 'react';
import { paymentText as text } from '@openride/shared/payments/payment-text';
import type { SavedCard } from '@openride/shared/payments/views';
import { useAppConfig } from '@/lib/app-config';
import { TestCardForm } from './test-card-form';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

/**
 * "Add a card" (decision 0038) wherever a rider adds one (the booking's payment picker, Saved cards on
 * /payment-history): the test card form, or Stripe Elements in its own chunk; nothing without a provider.
 */
export function AddCardForm({ onSaved, onCancel }: { onSaved: (card: SavedCard) => void; onCancel: () => void }) {
  const config = useAppConfig().data?.payments;
  if (config?.provider === 'test') return <TestCardForm onSaved={onSaved} onCancel={onCancel} />;
  if (config?.provider === 'stripe' && config.publishable_key) {
    return (
      <Suspense fallback={<p className="text-sm text-ink-500">{text.addingCard}</p>}>
        <StripeCardForm publishableKey={config.publishable_key} onSaved={onSaved} onCancel={onCancel} />
      </Suspense>
    );
  }
  return null;
}
