import { accountText } from './account/account-text';
import { ALREADY_APPLIED_MESSAGE } from './drivers/schemas';
import type { ErrorCode } from './errors';
import { messages } from './messages';
import { PHONE_CONFLICT_MESSAGE } from './profiles/schemas';
import { driverText } from './rides/driver-text';
import { riderText } from './rides/rider-text';
import { sosText } from './safety/sos-text';
import { promotionsText } from './promotions/promotions-text';

/**
 * The words a person reads for each error code. Where the spec or a screen already has the sentence, it is
 * reused (not reworded); the rest are ours. The server sends these as the `message` of its domain errors,
 * so a client that only shows the message and one that maps the code read the same thing.
 */
const ERROR_TEXT: Record<ErrorCode, string> = {
  BAD_REQUEST: 'Please check what you entered and try again.',
  UNAUTHORIZED: messages.errors.authRequired.text,
  FORBIDDEN: 'You are not allowed to do that.',
  NOT_FOUND: 'We could not find that.',
  CONFLICT: 'This changed in the meantime. Refresh and try again.',
  UNPROCESSABLE: 'We cannot do that here.',
  RATE_LIMITED: messages.errors.tooManyAttempts.text,
  INTERNAL: messages.errors.error.unexpected,

  OUTSIDE_SERVICE_AREA: riderText.book.outsideArea,
  DESTINATION_RESTRICTED: riderText.book.destinationRestricted,
  RIDE_TYPE_UNAVAILABLE: 'That ride type is not available here right now. Choose another ride type.',
  QUOTE_EXPIRED: 'Prices have changed since you looked. Check the new fare, then request again.',
  ACTIVE_RIDE_EXISTS: 'You already have a ride in progress.',
  ACCOUNT_BLOCKED: 'Your account is blocked. Contact support.',
  INVALID_TRANSITION: 'This ride has moved on. Refresh to see where it stands.',
  RIDE_UNAVAILABLE: driverText.offer.noLongerAvailable,
  DRIVER_HAS_ACTIVE_RIDE: 'Finish your current ride first.',
  WRONG_PIN: 'Incorrect PIN. Ask the rider for the 4-digit PIN shown in their app.',
  PIN_LOCKED: 'Too many wrong PINs. Please wait a few minutes before trying again.',
  NO_SHOW_TOO_EARLY: "It's too early to report a no-show. Wait at the pickup until the waiting time is over, then try again.",
  RIDE_NOT_COMPLETED: 'This is possible once the ride is completed.',
  ALREADY_RATED: 'You have already rated this ride.',
  CHAT_CLOSED: 'Chat is closed for this ride.',
  SHARE_LINK_EXPIRED: riderText.share.expired,
  CALL_CLOSED: 'Calling is possible from when a driver accepts until the trip ends.',
  CALLS_UNAVAILABLE: 'Calling is not available here. Use the chat instead.',
  CALL_NO_PHONE: 'We have no phone number to connect this call. Use the chat instead.',
  CALL_FAILED: "We couldn't place the call. Try again, or use the chat.",
  DRIVER_NOT_APPROVED: 'Your driver application is not approved yet.',
  DRIVER_SUSPENDED: 'Your driver account is suspended. Contact support.',
  DRIVER_ON_HOLD: "You can't go online until your papers are in order. Open Documents to see what is missing.",
  DRIVER_BALANCE_OVERDUE: 'You owe more than your limit and the time to settle has passed. Pay what you owe in cash to the operator to go online again.',
  ALREADY_APPLIED: ALREADY_APPLIED_MESSAGE,
  PHONE_IN_USE: PHONE_CONFLICT_MESSAGE,
  TOO_MANY_MESSAGES: 'You are sending messages too fast. Wait a minute, then send again.',
  TOO_MANY_RIDE_REQUESTS: 'You have requested a lot of rides in a short time. Please wait a few minutes before requesting another.',
  TOO_MANY_CANCELS: 'You have cancelled a lot of rides in a short time. Please wait a few minutes before cancelling another.',
  TOO_MANY_CALLS: 'You have called several times in a few minutes. Please wait a little, or use the chat.',
  TOO_MANY_SOCKETS: 'OpenRide is open in too many windows. Close some of them to get live updates here.',
  TOO_MANY_FRAMES: 'Your app is sending updates too fast. Some were skipped.',
  TOO_MANY_SUBSCRIBES: 'Too many live views were opened at once. Please wait a moment.',
  TOO_MANY_ESTIMATES: 'You have asked for a lot of estimates in a short time. Please wait a minute, then try again.',
  REFUND_WINDOW_CLOSED: 'Problems with a fare can be reported up to 30 days after the ride.',
  REFUND_REQUEST_OPEN: 'You already reported a problem with this fare. We will let you know what we decide.',
  REFUND_EXCEEDS_PAID: 'That is more than what is left to refund on this ride.',
  REFUND_DECIDED: 'This request was already decided.',
  CARD_REFUNDS_UNAVAILABLE: "This ride's card payment can't be refunded right now. Give wallet credit instead.",
  CARD_DECLINED: 'Your card was declined. Try another card, or pay in cash.',
  PAYMENTS_UNAVAILABLE: 'Card payments are not available here. Pay in cash.',
  PAYMENT_FAILED: "We couldn't reach the card processor. Try again in a moment, or pay in cash.",
  CARD_IN_USE: 'This card is paying for a ride that is under way. Remove it once the ride has ended.',
  TIP_EXISTS: 'You have already tipped on this ride.',
  TIP_WINDOW_CLOSED: 'Tips can be given up to 72 hours after the ride.',
  WALLET_INSUFFICIENT: 'Your wallet credit is lower than that. Choose another way to pay.',
  PUSH_ENDPOINT_TAKEN: 'This browser is already set up for notifications on another account.',
  FILE_TOO_LARGE: 'This file is too large. Choose a smaller one.',
  FILE_TYPE_NOT_ALLOWED: 'This file type is not accepted. Upload a JPEG, PNG or WebP photo, or a PDF.',
  FILE_UNREADABLE: 'We could not read this image. Take the photo again, or upload a PDF.',
  TOO_MANY_UPLOADS: 'You have uploaded a lot of files in a short time. Please wait a few minutes, then try again.',
  WRONG_CODE: messages.errors.verificationFailed.invalid,
  CODE_EXPIRED: messages.errors.verificationFailed.expired,
  CODE_NOT_SENT: messages.errors.error.sendCodeFailed,
  WRONG_PASSWORD: 'Your current password is not right.',
  PASSWORD_LEAKED: messages.errors.weakPassword.text,
  EMAIL_IN_USE: 'Another account uses this email address.',
  EMERGENCY_CONTACTS_FULL: accountText.contacts.full,
  SAFETY_ALWAYS_ON: accountText.notifications.safetyLocked,
  ACCOUNT_HAS_ACTIVE_RIDE: 'You have a ride under way. Finish or cancel it, then delete your account.',
  ACCOUNT_OWES_MONEY: 'You still owe money. Settle what you owe, then delete your account.',
  ACCOUNT_DELETE_NOT_CONFIRMED: 'Type DELETE and your current password to delete your account.',
  TICKET_CLOSED: 'This ticket is closed. Open a new ticket if you need more help.',
  TICKET_NOT_RESOLVED: 'You can rate the help once the ticket is resolved.',
  SOS_RIDE_NOT_ACTIVE: sosText.errors.rideNotActive,
  SOS_ALREADY_RESOLVED: sosText.errors.alreadyResolved,
  TOO_MANY_CONTACTS: 'You have sent several messages in a short time. Please wait an hour, or sign in and open a ticket.',
  REFERRAL_SELF: 'That is your own referral code. Share it with someone new instead.',
  REFERRAL_ALREADY_CLAIMED: 'Your account already has a referral code.',
  REFERRAL_CLAIM_CLOSED: 'A referral code can only be added when you sign up.',
  REFERRAL_NOT_FLAGGED: 'Only a referral held for review can be approved or rejected.',
  REFERRAL_ALREADY_REVIEWED: 'Another administrator already decided on this referral. Reload to see what they decided.',
  PROMO_CODE_UNKNOWN: promotionsText.refusals.unknown,
  PROMO_CODE_INACTIVE: promotionsText.refusals.inactive,
  PROMO_CODE_EXPIRED: promotionsText.refusals.expired,
  PROMO_CODE_SPENT: promotionsText.refusals.spent,
  PROMO_CODE_FIRST_RIDE: promotionsText.refusals.first_ride,
  PROMO_CODE_USED: promotionsText.refusals.used,
  PROMO_CODE_ZONE: promotionsText.refusals.zone,
  PROMO_CODE_RIDE_TYPE: promotionsText.refusals.ride_type,
  PROMO_CODE_MIN_FARE: promotionsText.refusals.min_fare,
  PROMO_CODE_TAKEN: 'Another promotion has this code. Choose another.',
};

/** What to tell a person about an error; an unknown code (an older or newer server) reads as unexpected. */
export function errorText(code: string): string {
  return Object.hasOwn(ERROR_TEXT, code) ? ERROR_TEXT[code as ErrorCode] : messages.errors.error.unexpected;
}
