import { useState } from 'react';
import { CreditCard, Plus } from 'lucide-react';
import { paymentText as text } from '@openride/shared/payments/payment-text';
import type { SavedCard } from '@openride/shared/payments/views';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryEmpty } from '@/components/ui/query-state';
import { QueryView } from '@/components/ui/query-view';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api';
import { useAppConfig } from '@/lib/app-config';
import { useCards, useRemoveCard } from '../api/payments';
import { AddCardForm } from './add-card-form';

const cardLabel = (card: Pick<SavedCard, 'brand' | 'last4'>) => text.card(card.brand, card.last4);

/**
 * "Saved cards" on /payment-history (decision 0043): the rider's cards, "Add a card" (the booking picker's
 * form, issue 27: an empty list offers it), each card with Remove behind a
 * confirmation (the kit's ConfirmDialog: focus trapped, opens on Cancel, Escape closes, focus returns to the
 * button). A card paying for a ride under way is refused by the server (CARD_IN_USE) with its words. Nothing
 * shows where this deployment takes no cards.
 */
export function SavedCards() {
  const provider = useAppConfig().data?.payments?.provider ?? null;
  const cards = useCards(provider !== null);
  const remove = useRemoveCard();
  const [confirming, setConfirming] = useState<SavedCard | null>(null);
  const [adding, setAdding] = useState(false);
  if (provider === null) return null;

  const onSaved = (card: SavedCard) => {
    setAdding(false);
    toast({ title: text.cardSaved, description: cardLabel(card) });
  };
  const addButton = (
    <Button variant={cards.data?.length ? 'outline' : 'primary'} size="sm" onClick={() => setAdding(true)}>
      <Plus className="size-4" aria-hidden="true" />
      {text.addCard}
    </Button>
  );

  const onConfirm = (card: SavedCard) => {
    remove.mutate(card.id, {
      onSuccess: () => {
        setConfirming(null);
        toast({ title: text.cardRemoved(cardLabel(card)) });
      },
      onError: (err) => {
        setConfirming(null);
        toast({ variant: 'destructive', title: text.removeCardFailed, description: isApiError(err) ? err.message : undefined });
      },
    });
  };

  return (
    <section aria-labelledby="saved-cards-heading" className="space-y-2">
      <h2 id="saved-cards-heading" className="text-lg font-semibold text-ink-900">
        {text.savedCards}
      </h2>
      <p className="text-sm text-ink-600">{text.savedCardsHint}</p>
      <QueryView
        query={cards}
        loadFailed={text.cardsFailed}
        loading={null}
        isEmpty={(d) => d.length === 0}
        empty={
          adding ? null : (
            <QueryEmpty icon={CreditCard} hint={text.noSavedCardsHint} action={addButton} className="py-8">
              {text.noSavedCards}
            </QueryEmpty>
          )
        }
      >
        {(list) => (
          <ul aria-label={text.savedCards} className="divide-y divide-ink-100 rounded-2xl border border-ink-200 bg-white">
            {list.map((card) => (
              <li key={card.id} className="flex items-center gap-3 px-4 py-3">
                <CreditCard className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate font-semibold text-ink-900">{cardLabel(card)}</span>
                {card.test_mode ? (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900 uppercase">{text.testMode}</span>
                ) : null}
                <Button variant="outline" size="sm" aria-label={text.removeCardLabel(cardLabel(card))} onClick={() => setConfirming(card)}>
                  {text.removeCard}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      {adding ? <AddCardForm onSaved={onSaved} onCancel={() => setAdding(false)} /> : cards.data && cards.data.length > 0 ? addButton : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setConfirming(null);
        }}
        title={text.removeCardTitle}
        description={confirming ? text.removeCardBody(cardLabel(confirming)) : ''}
        confirmLabel={remove.isPending ? text.removingCard : text.removeCardConfirm}
        cancelLabel={text.cancel}
        variant="destructive"
        busy={remove.isPending}
        onConfirm={() => confirming && onConfirm(confirming)}
      />
    </section>
  );
}
