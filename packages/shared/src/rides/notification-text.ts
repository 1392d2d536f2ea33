import { STATUS_LABELS } from './ride-state';
import { formatMoney } from '../money';

/**
 * The bell notifications (and pushes) a ride's changes send, word for word as the server writes them.
 * Designed by us: the spec names the events, not the sentences. `type` is the notification's kind (§7),
 * which sets its icon.
 */
type Notice = { type: 'success' | 'warning' | 'other'; title: string; message: string };

/** The vehicle as the rider looks for it at the kerb. */
export type NoticeVehicle = { vehicle_color: string; vehicle_make: string; vehicle_model: string; license_plate: string };

const money = (cents: number, currency: string) => formatMoney(cents, currency);

/** To the rider. */
export const riderNotice = {
  requested: (rideTypeName: string): Notice => ({
    type: 'other',
    title: STATUS_LABELS.requested,
    message: `We're finding a driver for your ${rideTypeName} ride.`,
  }),
  accepted: (driverFirstName: string, v: NoticeVehicle): Notice => ({
    type: 'success',
    title: STATUS_LABELS.accepted,
    message: `${driverFirstName} is on the way in a ${v.vehicle_color} ${v.vehicle_make} ${v.vehicle_model} (${v.license_plate}).`,
  }),
  arrived: (driverFirstName: string): Notice => ({
    type: 'success',
    title: STATUS_LABELS.arrived,
    message: `${driverFirstName} is waiting at the pickup. Tell them your ride PIN to start.`,
  }),
  started: (): Notice => ({ type: 'other', title: STATUS_LABELS.in_progress, message: 'Your trip has started. Enjoy the ride!' }),
  /** With a promotion (decision 0068): its own line and what the rider pays, fare − discount, from the ride record. */
  completed: (fareCents: number, currency: string, promotion: { code: string; discount_cents: number } | null = null): Notice => ({
    type: 'success',
    title: STATUS_LABELS.completed,
    message: promotion
      ? `You've arrived. Fare ${money(fareCents, currency)}, Promo ${promotion.code} −${money(promotion.discount_cents, currency)}: you pay ${money(fareCents - promotion.discount_cents, currency)}. Rate your driver.`
      : `You've arrived. Fare ${money(fareCents, currency)}, paid in cash. Rate your driver.`,
  }),
  cancelledByRider: (): Notice => ({ type: 'other', title: 'Ride cancelled', message: 'Your ride was cancelled.' }),
  cancelledByDriver: (driverFirstName: string): Notice => ({
    type: 'warning',
    title: STATUS_LABELS.cancelled,
    message: `${driverFirstName} cancelled your ride. Please book again.`,
  }),
  cancelledByOperator: (reason: string): Notice => ({ type: 'warning', title: 'Ride cancelled', message: `OpenRide support cancelled your ride: ${reason}` }),
  /** The driver waited the no-show time at the pickup (decision 0033); `feeCents` null: no fee (none set, or waived). */
  noShow: (driverFirstName: string, feeCents: number | null, currency: string): Notice => ({
    type: 'warning',
    title: STATUS_LABELS.cancelled,
    message: `${driverFirstName} waited at the pickup and reported that you didn't show up.${feeCents ? ` A ${money(feeCents, currency)} no-show fee will be added to your next ride.` : ''}`,
  }),
  noDriver: (): Notice => ({
    type: 'warning',
    title: STATUS_LABELS.no_driver,
    message: 'No driver could take your ride right now. Please try again in a few minutes.',
  }),
};

/** To the ride's assigned driver. */
export const driverNotice = {
  cancelledByRider: (): Notice => ({ type: 'warning', title: 'Ride cancelled', message: 'The rider cancelled this ride.' }),
  cancelledByOperator: (reason: string): Notice => ({ type: 'warning', title: 'Ride cancelled', message: `OpenRide support cancelled this ride: ${reason}` }),
};

/** To the other party of a ride's chat: who wrote, and the start of what they wrote. */
export const chatNotice = (senderFirstName: string, body: string): Notice => ({
  type: 'other',
  title: `Message from ${senderFirstName}`,
  message: body.length > 120 ? `${body.slice(0, 117)}...` : body,
});

/** What the caller hears from the platform's number before a masked call connects (decision 0034). */
export const callGreeting = (otherFirstName: string) => `Connecting you to ${otherFirstName} through OpenRide.`;
