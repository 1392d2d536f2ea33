import { formatMoney } from '../money';
const money = (cents: number, currency: string) => formatMoney(cents, currency);

/** What riders read about paying (decision 0038). */
export const paymentText = {
  method: 'Payment',
  cash: 'Cash',
  card: (brand: string, last4: string) => `${brand[0]?.toUpperCase() ?? ''}${brand.slice(1)} •••• ${last4}`,
  addCard: 'Add a card',
  addingCard: 'Saving card…',
  saveCard: 'Save card',
  cancel: 'Cancel',
  cardNumber: 'Card number',
  expiry: 'Expiry (MM/YY)',
  cvc: 'CVC',
  testMode: 'Test mode',
  testModeHint: 'Test mode — use 4242 4242 4242 4242, any future expiry and any CVC. No real card is charged.',
  cardSaved: 'Card saved',
  cardsFailed: "We couldn't load your cards. Cash is still available.",
  expiryInvalid: 'Enter the expiry as MM/YY, in the future.',
  wallet: 'Wallet credit',
  useWallet: (money: string) => `Use wallet credit (${money} available)`,
  walletCovers: (money: string) => `${money} from your wallet, applied first`,
  restBy: (money: string, method: string) => `${money} by ${method}`,
  tipTitle: 'Add a tip',
  tipHint: 'All of it goes to your driver.',
  tipNone: 'No tip',
  tipCustom: 'Other amount',
  tipCustomLabel: 'Tip amount',
  tipButton: (money: string) => `Tip ${money}`,
  tipping: 'Sending tip…',
  tipGiven: (money: string) => `You tipped ${money}. Thank you!`,
  tipGivenCash: (money: string) => `You gave a ${money} tip in cash. Thank you!`,
  tipBy: { card: 'Charged to your card', wallet: 'Paid from your wallet', cash: 'Given in cash' },
  tipFailed: "We couldn't send the tip. Try again.",
  paidBy: 'Paid by',

  // Saved cards on /payment-history (decision 0043).
  savedCards: 'Saved cards',
  savedCardsHint: 'Cards you can choose when you book. Removing one does not change rides already paid.',
  noSavedCards: 'No saved cards yet.',
  noSavedCardsHint: 'Cards you add here are offered when you book and when you tip.',
  removeCard: 'Remove',
  removeCardLabel: (card: string) => `Remove ${card}`,
  removeCardTitle: 'Remove this card?',
  removeCardBody: (card: string) => `${card} will no longer be offered when you book or tip. Rides already paid with it are not affected.`,
  removeCardConfirm: 'Remove card',
  removingCard: 'Removing…',
  cardRemoved: (card: string) => `${card} removed`,
  removeCardFailed: "We couldn't remove the card. Try again.",
  cardRemovedTip: 'The card this ride was paid with was removed: tip in cash.',

  notice: {
    /** A capture refused for good (decision 0043): the amount is owed and added to the next ride. */
    captureFailed: (cents: number, currency: string, card: string | null) => ({
      type: 'warning' as const,
      title: 'Card declined',
      message: `${card ?? 'Your card'} was declined for ${money(cents, currency)}. It will be added to your next ride.`,
    }),
  },
} as const;
