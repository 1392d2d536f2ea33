import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveCardInput, TipInput } from '@openride/shared/payments/schemas';
import type { RidePayment, SavedCard } from '@openride/shared/payments/views';
import { call } from '@/lib/call';

/** Query keys of the payments feature (decision 0038). */
export const paymentKeys = {
  all: ['payments'] as const,
  cards: ['payments', 'cards'] as const,
  wallet: ['payments', 'wallet'] as const,
  ride: (id: string) => ['payments', 'ride', id] as const,
};

/** GET /api/payments/cards: the rider's saved cards for this deployment's provider. */
export function useCards(enabled = true) {
  return useQuery({
    queryKey: paymentKeys.cards,
    queryFn: async () => (await call('GET /api/payments/cards')).cards,
    enabled,
    staleTime: 60_000,
  });
}

/** GET /api/payments/wallet: credit and what is owed, per currency, from the ledger. */
export function useWallet(enabled = true) {
  return useQuery({
    queryKey: paymentKeys.wallet,
    queryFn: async () => (await call('GET /api/payments/wallet')).wallets,
    enabled,
    staleTime: 30_000,
  });
}

/** POST /api/payments/cards; the new card joins the list. */
export function useSaveCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: SaveCardInput) => (await call('POST /api/payments/cards', { body: input })).card,
    onSuccess: (card) => client.setQueryData<SavedCard[]>(paymentKeys.cards, (cards) => [card, ...(cards ?? []).filter((c) => c.id !== card.id)]),
  });
}

/** DELETE /api/payments/cards/:id (decision 0043); the card leaves the list (a 404: it was gone already, so refetch). */
export function useRemoveCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (cardId: string) => (await call('DELETE /api/payments/cards/:id', { params: { id: cardId } })).card,
    onSuccess: (card) => client.setQueryData<SavedCard[]>(paymentKeys.cards, (cards) => (cards ?? []).filter((c) => c.id !== card.id)),
    onError: () => void client.invalidateQueries({ queryKey: paymentKeys.cards }),
  });
}

/** POST /api/payments/cards/setup: a SetupIntent for Stripe Elements. */
export const startCardSetup = () => call('POST /api/payments/cards/setup', { body: {} });

/** GET /api/rides/:id/payment: how a ride is paid, its tip and whether one may still be given. */
export function useRidePayment(rideId: string, enabled = true) {
  return useQuery({
    queryKey: paymentKeys.ride(rideId),
    queryFn: async () => (await call('GET /api/rides/:id/payment', { params: { id: rideId } })).payment,
    enabled,
  });
}

/** POST /api/rides/:id/tip; the ride's payment then shows it (409: tipped already, so refetch). */
export function useTipRide(rideId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: TipInput) => (await call('POST /api/rides/:id/tip', { params: { id: rideId }, body: input })).tip,
    onSuccess: (tip) => {
      client.setQueryData<RidePayment>(paymentKeys.ride(rideId), (p) => (p ? { ...p, tip, tip_methods: [], tip_until: null } : p));
      void client.invalidateQueries({ queryKey: paymentKeys.wallet });
    },
    onSettled: () => void client.invalidateQueries({ queryKey: paymentKeys.ride(rideId) }),
  });
}
