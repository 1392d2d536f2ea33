import { z } from 'zod';
import { text, multilineText } from '../text';

export const latLngSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type LatLng = z.infer<typeof latLngSchema>;

/** A point the rider picked; the label is what they saw (an address or "Current location"). */
export const placeSchema = latLngSchema.extend({ label: text().trim().max(200).optional() });
export type Place = z.infer<typeof placeSchema>;

export const RIDE_TYPES = ['economy', 'comfort', 'xl'] as const;
export type RideType = (typeof RIDE_TYPES)[number];
export const rideTypeSchema = z.enum(RIDE_TYPES);

export const RIDE_TYPE_NAMES: Record<RideType, string> = { economy: 'Economy', comfort: 'Comfort', xl: 'XL' };

/** Cash (the driver collects it) or a saved card (authorised at request, captured at completion; decision 0038). */
export const PAYMENT_METHODS = ['cash', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const quoteRequestSchema = z.object({ pickup: placeSchema, destination: placeSchema }).strict();
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/** No fare here on purpose: the server prices the ride itself and never trusts a client's number. */
export const rideRequestSchema = z
  .object({
    pickup: placeSchema,
    destination: placeSchema,
    ride_type: rideTypeSchema,
    /** `business`: on the account of a company the rider is a member of (decision 0067). */
    payment_method: z.enum([...PAYMENT_METHODS, 'business']),
    /** With `business`: which company pays (GET /api/corporate/companies). */
    company_id: z.uuid().optional(),
    /** With `business`: the expense code, when the company's policy asks for one. */
    expense_code: text().trim().min(1).max(64).optional(),
    /** With `card`: which of the rider's saved cards (GET /api/payments/cards). */
    payment_card_id: z.uuid().optional(),
    /** Wallet credit first, the rest by the method chosen (decision 0038). */
    use_wallet: z.boolean().optional(),
    /** The quote's signed surge lock (decision 0035); needed to book while the pickup's zone surges. */
    quote_token: z.string().max(1000).optional(),
    /** A promo code to take off the fare (decision 0063): reserved with the ride, applied at completion. */
    promo_code: text().trim().max(40).optional(),
  })
  .strict()
  .refine((r) => (r.payment_method === 'card') === (r.payment_card_id !== undefined), {
    message: 'Choose one of your saved cards to pay by card (and none to pay in cash)',
    path: ['payment_card_id'],
  })
  .refine((r) => (r.payment_method === 'business') === (r.company_id !== undefined), {
    message: 'Choose a company to ride on its account (and none otherwise)',
    path: ['company_id'],
  });
export type RideRequest = z.infer<typeof rideRequestSchema>;

/** `no_show`: the driver reports "Rider didn't show up" (after the policy's wait at the pickup; decision 0033). */
export const cancelRideSchema = z.object({ reason: multilineText().trim().max(500).optional(), no_show: z.boolean().optional() }).strict();
export type CancelRideInput = z.infer<typeof cancelRideSchema>;

export const RIDE_HISTORY_MAX_LIMIT = 50;
export const RIDE_HISTORY_DEFAULT_LIMIT = 20;
/** A page of a ride's chat: the newest messages first come, older ones on request (`before`). */
export const CHAT_PAGE_MAX_LIMIT = 100;
export const CHAT_PAGE_DEFAULT_LIMIT = 100;

export const chatMessageSchema = z.object({ body: multilineText().trim().min(1, 'Type a message').max(500, 'Messages are at most 500 characters') }).strict();
export type ChatMessageInput = z.infer<typeof chatMessageSchema>;

export const ratingSchema = z
  .object({
    stars: z.number().int().min(1, 'Choose 1 to 5 stars').max(5, 'Choose 1 to 5 stars'),
    comment: multilineText().trim().max(500).optional(),
  })
  .strict();
export type RatingInput = z.infer<typeof ratingSchema>;

export const startRideSchema = z.object({ pin: text().trim().max(10) }).strict();

export const rideListAsSchema = z.enum(['rider', 'driver']).default('rider');
