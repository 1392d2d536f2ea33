import { type ReactNode, useEffect, useId, useState } from 'react';
import { Banknote, CreditCard, Plus, Wallet as WalletIcon } from 'lucide-react';
import { planRidePayment } from '@openride/shared/payments/plan';
import { paymentText as text } from '@openride/shared/payments/payment-text';
import type { PaymentChoice } from '@openride/shared/payments/schemas';
import type { SavedCard } from '@openride/shared/payments/views';
import { toast } from '@/components/ui/use-toast';
import { useAppConfig } from '@/lib/app-config';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/money';
import { useCards, useWallet } from '../api/payments';
import { AddCardForm } from './add-card-form';
import { Alert } from '@/components/ui/alert';

export type PaymentPickerProps = {
  currency: string;
  /** Fare + owed fees of the ride type chosen: what the wallet and the method share. */
  totalCents: number;
  value: PaymentChoice;
  onChange: (choice: PaymentChoice) => void;
  disabled?: boolean;
  /** More options in the same radio group (the route module's Business options, decision 0067), by the group's name. */
  extra?: (name: string) => ReactNode;
};

const cardLabel = (card: Pick<SavedCard, 'brand' | 'last4'>) => text.card(card.brand, card.last4);

/** Starts loading the rider's cards and wallet as the booking page opens, so the picker does not grow later. */
export function usePaymentPrefetch() {
  useCards();
  useWallet();
}

function Option({
  name,
  checked,
  onSelect,
  icon,
  label,
  detail,
}: {
  name: string;
  checked: boolean;
  onSelect: () => void;
  icon: React.ReactNode;
  label: string;
  detail?: string;
}) {
  return (
    <label
      className={cn(
        'flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border-2 px-3.5 py-2.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
        checked ? 'border-ink-900 bg-ink-50' : 'border-ink-100 hover:border-ink-300',
      )}
    >
      <input type="radio" name={name} checked={checked} onChange={onSelect} className="sr-only" />
      {icon}
      <span className="min-w-0 flex-1 truncate font-semibold text-ink-900">{label}</span>
      {detail ? <span className="shrink-0 text-xs font-semibold text-amber-800">{detail}</span> : null}
    </label>
  );
}

/**
 * /book-ride's payment method (issue 13, decision 0038): Cash, the rider's saved cards, "Add a card" (Stripe
 * Elements, or the test card form labelled Test mode), and wallet credit with its balance, applied first.
 * Without a card provider (production without Stripe) it is Cash and the wallet only.
 */
export function PaymentPicker({ currency, totalCents, value, onChange, disabled, extra }: PaymentPickerProps) {
  const name = useId();
  const config = useAppConfig().data?.payments;
  const provider = config?.provider ?? null;
  const cards = useCards(provider !== null);
  const wallets = useWallet();
  const [adding, setAdding] = useState(false);
  const wallet = wallets.data?.find((w) => w.currency === currency);
  const available = wallet?.available_cents ?? 0;

  // Wallet credit is used by default once it is known to be there; the rider may turn it off.
  useEffect(() => {
    if (available > 0 && value.use_wallet === undefined) onChange({ ...value, use_wallet: true });
  }, [available, value, onChange]);

  const business = value.payment_method === 'business';
  const plan = planRidePayment(
    totalCents,
    available,
    value.use_wallet === true && !business,
    value.payment_method === 'business' ? 'cash' : value.payment_method,
  );
  const chosenCard = cards.data?.find((c) => c.id === value.payment_card_id);
  const methodName = value.payment_method === 'card' && chosenCard ? cardLabel(chosenCard) : text.cash;

  const onSaved = (card: SavedCard) => {
    setAdding(false);
    onChange({ ...value, payment_method: 'card', payment_card_id: card.id });
    toast({ title: text.cardSaved });
  };

  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="mb-1 flex w-full items-center justify-between gap-2 text-sm font-semibold text-ink-900">
        <span>{text.method}</span>
        {config?.test_mode ? <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900 uppercase">{text.testMode}</span> : null}
      </legend>
      <Option
        name={name}
        checked={value.payment_method === 'cash'}
        onSelect={() => onChange({ ...value, payment_method: 'cash', payment_card_id: undefined, company_id: undefined, expense_code: undefined })}
        icon={<Banknote className="size-5 text-brand-600" aria-hidden="true" />}
        label={text.cash}
      />
      {(cards.data ?? []).map((card) => (
        <Option
          key={card.id}
          name={name}
          checked={value.payment_method === 'card' && value.payment_card_id === card.id}
          onSelect={() => onChange({ ...value, payment_method: 'card', payment_card_id: card.id, company_id: undefined, expense_code: undefined })}
          icon={<CreditCard className="size-5 text-ink-700" aria-hidden="true" />}
          label={cardLabel(card)}
          detail={card.test_mode ? text.testMode : undefined}
        />
      ))}
      {extra ? extra(name) : null}
      <Alert className="text-xs font-normal">{cards.isError && text.cardsFailed}</Alert>
      {provider && !adding ? (
        <button
          type="button"
          onClick={() => setAdding(true)}
          className="flex min-h-11 w-full items-center gap-2 rounded-2xl px-3.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          <Plus className="size-4" aria-hidden="true" />
          {text.addCard}
        </button>
      ) : null}
      {adding ? <AddCardForm onSaved={onSaved} onCancel={() => setAdding(false)} /> : null}
      {available > 0 && !business ? (
        <div className="space-y-1 rounded-2xl bg-brand-50 px-3.5 py-2.5 text-sm">
          <label className="flex min-h-11 cursor-pointer items-center gap-3 font-semibold text-ink-900">
            <input
              type="checkbox"
              checked={value.use_wallet === true}
              onChange={(e) => onChange({ ...value, use_wallet: e.target.checked })}
              className="size-5 accent-brand-600"
            />
            <WalletIcon className="size-5 text-brand-700" aria-hidden="true" />
            {text.useWallet(formatMoney(available, currency))}
          </label>
          {plan.wallet_cents > 0 ? (
            <p className="text-ink-700">
              {text.walletCovers(formatMoney(plan.wallet_cents, currency))}
              {plan.card_cents + plan.cash_cents > 0 ? ` · ${text.restBy(formatMoney(plan.card_cents + plan.cash_cents, currency), methodName)}` : ''}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
