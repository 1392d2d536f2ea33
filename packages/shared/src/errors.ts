/**
 * Error codes and their wire shape: `{ error: { code, message } }` over HTTP, `{ type: 'error', code, message }`
 * over the socket. Each code carries the HTTP status it answers with.
 *
 * Two kinds. The generic codes name an HTTP status and are used where nothing more specific is worth
 * saying (bad input, not signed in, not found). The domain codes say *which* rule refused the request, so
 * a client can tell a rider "that ride type isn't available here" rather than "we don't serve your
 * pickup" when both are a 422. A client branches on the code, never on the status or the message;
 * `errorText` (error-text.ts) gives the words a person reads for each.
 */
export const GENERIC_ERROR_CODES = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;

export const DOMAIN_ERROR_CODES = {
  // Booking and pricing
  /** The pickup lies outside every enabled service area (issue 12: decided by polygon). */
  OUTSIDE_SERVICE_AREA: 422,
  /** The destination lies in an enabled restricted zone (a destination outside the service area is otherwise fine). */
  DESTINATION_RESTRICTED: 422,
  /** The city is served, but not with the ride type asked for. */
  RIDE_TYPE_UNAVAILABLE: 422,
  /** The quote's surge multiplier is no longer held (older than its validity, or none sent while surging): quote again. */
  QUOTE_EXPIRED: 409,
  /** The rider already has a ride that has not ended (one active ride per rider). */
  ACTIVE_RIDE_EXISTS: 409,
  /** An operator blocked this account: it may not book. */
  ACCOUNT_BLOCKED: 403,

  // Ride transitions
  /** The ride's status does not allow this move for this actor (the state machine's table said no). */
  INVALID_TRANSITION: 409,
  /** The offer is gone: taken by another driver, expired, or the rider cancelled. */
  RIDE_UNAVAILABLE: 409,
  /** A driver holds one active ride at a time. */
  DRIVER_HAS_ACTIVE_RIDE: 409,
  /** Start Ride with a PIN that is not the rider's. */
  WRONG_PIN: 422,
  /** Too many wrong PINs for this ride: Start Ride is locked for the rest of the window. */
  PIN_LOCKED: 429,
  /** A driver reported "Rider didn't show up" before waiting at the pickup for the policy's no-show wait. */
  NO_SHOW_TOO_EARLY: 409,
  /** Rating or receipt of a ride that has not completed. */
  RIDE_NOT_COMPLETED: 409,
  ALREADY_RATED: 409,
  /** Chat is open only while a driver is on the way or on the trip. */
  CHAT_CLOSED: 409,
  /** A share-trip link past its ride's end (plus the grace period). */
  SHARE_LINK_EXPIRED: 404,
  /** A masked call is possible only while a driver is on the way or on the trip (decision 0034). */
  CALL_CLOSED: 409,
  /** This deployment has no telephony provider: the app shows no Call button. */
  CALLS_UNAVAILABLE: 503,
  /** One of the two has no phone number we can dial. */
  CALL_NO_PHONE: 422,
  /** The telephony provider refused or could not be reached. */
  CALL_FAILED: 502,

  // Drivers and accounts
  /** The driver's newest application is not approved (pending or rejected). */
  DRIVER_NOT_APPROVED: 403,
  /** An operator suspended this driver: they may not go online or take rides. */
  DRIVER_SUSPENDED: 403,
  /** The driver has owed more than the negative-balance limit for longer than the grace days: no going online until they settle (decision 0040). */
  DRIVER_BALANCE_OVERDUE: 403,
  /** A document or insurance the driver's city requires is missing, in review, rejected or expired: no going online, no offers (decision 0049). */
  DRIVER_ON_HOLD: 403,
  /** The driver's city is not known (a record from before cities were chosen, in a marketplace of several): they choose it before going online or sending papers (decision 0074). */
  DRIVER_CITY_UNKNOWN: 403,
  ALREADY_APPLIED: 409,
  /** The phone number belongs to another account. */
  PHONE_IN_USE: 409,

  // Abuse limits (decision 0024): each names what was too much, so the words say what to wait for.
  /** Too many chat messages on one ride in a short time. */
  TOO_MANY_MESSAGES: 429,
  /** Too many ride requests by one rider in a short time. */
  TOO_MANY_RIDE_REQUESTS: 429,
  /** Too many cancellations by one driver in a short time. */
  TOO_MANY_CANCELS: 429,
  /** Too many masked calls on one ride in a short time (each one costs the operator). */
  TOO_MANY_CALLS: 429,
  /** Too many live connections for one account (the socket is closed with this as its reason). */
  TOO_MANY_SOCKETS: 429,
  /** Socket frames faster than a client sends them: the extra frames are dropped. */
  TOO_MANY_FRAMES: 429,
  /** Too many channel subscriptions asked for on one socket in a short time. */
  TOO_MANY_SUBSCRIBES: 429,
  /** Too many public fare estimates from one network address in a minute (each may cost a routing call). */
  TOO_MANY_ESTIMATES: 429,

  // Refunds (issue 13, decision 0039)
  /** A refund request past the window after the ride (30 days, Uber's for riders). */
  REFUND_WINDOW_CLOSED: 409,
  /** The ride already has a refund request waiting for a decision (one open request per ride). */
  REFUND_REQUEST_OPEN: 409,
  /** More than what is left to refund on the ride: what was paid minus what was refunded already. */
  REFUND_EXCEEDS_PAID: 409,
  /** The refund request was decided already (approved, credited or rejected). */
  REFUND_DECIDED: 409,
  /** A card ride's refund cannot go back to the card now (its payment is not captured yet); wallet credit can. */
  CARD_REFUNDS_UNAVAILABLE: 409,
  // Payments (issue 13, decision 0038)
  /** The card was refused by the bank or the test card provider (saving it, authorising a fare, charging a tip). */
  CARD_DECLINED: 402,
  /** This deployment takes no card payments (no Stripe keys, and production never runs the test provider). */
  PAYMENTS_UNAVAILABLE: 503,
  /** The payment provider could not be reached or answered an error that is not a decline. */
  PAYMENT_FAILED: 502,
  /** A saved card paying for a ride that has not ended cannot be removed (decision 0043). */
  CARD_IN_USE: 409,
  /** A ride has one tip. */
  TIP_EXISTS: 409,
  /** Tips are given within 72 hours of the ride's end. */
  TIP_WINDOW_CLOSED: 409,
  /** The wallet credit changed while the ride was being booked or the tip given: there is less than was asked. */
  WALLET_INSUFFICIENT: 409,

  // Push
  /** The push subscription's endpoint is registered to another account: it does not change owner. */
  PUSH_ENDPOINT_TAKEN: 409,

  // Files (issue 14, decision 0045)
  /** The upload is over UPLOAD_MAX_BYTES: refused as soon as the limit is crossed, nothing kept. */
  FILE_TOO_LARGE: 413,
  /** The file's bytes are not JPEG, PNG, WebP or PDF (whatever its name says). */
  FILE_TYPE_NOT_ALLOWED: 415,
  /** The bytes start like an image but cannot be decoded (damaged, or too many pixels). */
  FILE_UNREADABLE: 422,
  /** Too many uploads by one user in a short time. */
  TOO_MANY_UPLOADS: 429,

  // The account (issue 15, decision 0058)
  /** The one-time code does not match the one texted to that number. */
  WRONG_CODE: 400,
  /** No live code for that number: none sent, expired, used, or out of attempts. */
  CODE_EXPIRED: 400,
  /** The SMS with the code could not be sent. */
  CODE_NOT_SENT: 502,
  /** The current password given to change it is not the account's. */
  WRONG_PASSWORD: 400,
  /** The new password is in a list of breached passwords. */
  PASSWORD_LEAKED: 400,
  /** Another account uses that email address. */
  EMAIL_IN_USE: 409,
  /** Already 3 emergency contacts. */
  EMERGENCY_CONTACTS_FULL: 409,
  /** Safety notifications cannot be switched off on any channel. */
  SAFETY_ALWAYS_ON: 422,
  // The account (issue 15, decision 0059)
  /** Deleting the account while a ride is requested, accepted, arrived or in progress (as rider or driver). */
  ACCOUNT_HAS_ACTIVE_RIDE: 409,
  /** Deleting the account while the rider owes fees or a declined fare, or the driver owes more than the limit. */
  ACCOUNT_OWES_MONEY: 409,
  /** Deleting the account without typing DELETE, or with a wrong current password. */
  ACCOUNT_DELETE_NOT_CONFIRMED: 400,
  // Support tickets (issue 15, decision 0055)
  /** A closed ticket takes no more replies: the user opens a new one. */
  TICKET_CLOSED: 409,
  /** The help is rated after the ticket is resolved. */
  TICKET_NOT_RESOLVED: 409,
  /** Too many /contact messages from one network address in an hour. */
  TOO_MANY_CONTACTS: 429,
  // Referrals (issue 16, decision 0064)
  /** A referral code of the caller's own (self-referral). */
  REFERRAL_SELF: 409,
  /** The account already has a referral: one per person, the first one stands. */
  REFERRAL_ALREADY_CLAIMED: 409,
  /** A code is entered at sign-up only: the account is older than the claim window, already rode, or the program is off. */
  REFERRAL_CLAIM_CLOSED: 409,
  /** Only a flagged referral is reviewed by an admin (decision 0069). */
  REFERRAL_NOT_FLAGGED: 409,
  /** An admin already approved or rejected this referral. */
  REFERRAL_ALREADY_REVIEWED: 409,
  // SOS (issue 15, decision 0061)
  /** SOS is pressed during a ride with a driver assigned (accepted, arrived, in progress): not before, not after. */
  SOS_RIDE_NOT_ACTIVE: 409,
  /** The SOS alert was already resolved by an operator. */
  SOS_ALREADY_RESOLVED: 409,
  // Promo codes (issue 16, decision 0063): why a code takes nothing off this ride.
  /** No promotion has this code. */
  PROMO_CODE_UNKNOWN: 422,
  /** A draft or paused promotion, or one whose start is still to come. */
  PROMO_CODE_INACTIVE: 422,
  /** Past the promotion's end. */
  PROMO_CODE_EXPIRED: 422,
  /** The promotion's budget or its maximum redemptions are taken (reserved or applied). */
  PROMO_CODE_SPENT: 422,
  /** A first-ride code, and the rider has completed a ride. */
  PROMO_CODE_FIRST_RIDE: 422,
  /** The rider has used the code as many times as it allows (rides under way count). */
  PROMO_CODE_USED: 422,
  /** The pickup is not in the promotion's city or zones. */
  PROMO_CODE_ZONE: 422,
  /** The ride type is not one of the promotion's. */
  PROMO_CODE_RIDE_TYPE: 422,
  /** The fare is below the promotion's minimum. */
  PROMO_CODE_MIN_FARE: 422,
  /** Another promotion has this code. */
  PROMO_CODE_TAKEN: 409,
  /** Someone changed the promotion (edit, launch, pause) since this edit's read of it (decision 0068). */
  PROMOTION_STALE: 409,
  /** A launched promotion's field that may no longer change (only the end, budget, max redemptions, per-rider limit, description may). */
  PROMOTION_FIELD_LOCKED: 422,
  /** A budget below what is already reserved and spent. */
  PROMOTION_BUDGET_BELOW_COMMITTED: 422,
  /** A maximum of redemptions below those already reserved and applied. */
  PROMOTION_MAX_BELOW_HELD: 422,
  /** A launched promotion's end moved into the past (pause it instead). */
  PROMOTION_END_IN_PAST: 422,
  // Corporate accounts (issue 16, decision 0067): why a business ride or a company change is refused.
  /** The company's policy does not allow this ride type. */
  BUSINESS_RIDE_TYPE: 422,
  /** The fare is over the policy's per-ride limit. */
  BUSINESS_OVER_RIDE_LIMIT: 422,
  /** Outside the policy's allowed days and hours (the city's clock). */
  BUSINESS_OUTSIDE_HOURS: 422,
  /** The pickup is not within the radius of an approved address. */
  BUSINESS_PICKUP_NOT_APPROVED: 422,
  /** The fare is more than what is left of the member's monthly budget (rides under way count). */
  BUSINESS_OVER_BUDGET: 422,
  /** What the company owes (and rides under way) plus this fare would pass its credit limit. */
  BUSINESS_CREDIT_LIMIT: 422,
  /** The company asks for an expense code and none was given. */
  BUSINESS_EXPENSE_CODE_REQUIRED: 422,
  /** A business ride takes no promo code. */
  BUSINESS_NO_PROMO: 422,
  /** The company's account is suspended. */
  COMPANY_SUSPENDED: 403,
  /** The caller is not an active member of the company (or not one of its company admins). */
  NOT_COMPANY_MEMBER: 403,
  /** Another company of the city has this name. */
  COMPANY_NAME_TAKEN: 409,
  /** The person invited is an active member already. */
  ALREADY_COMPANY_MEMBER: 409,
  /** No invitation has this token (or it was replaced or revoked). */
  INVITATION_INVALID: 404,
  /** The invitation's link is past its expiry. */
  INVITATION_EXPIRED: 410,
  /** The invitation was accepted already. */
  INVITATION_USED: 409,
  /** The signed-in account's email is not the address invited. */
  INVITATION_WRONG_ACCOUNT: 403,
  /** Removing this person would leave the company without a company admin. */
  LAST_COMPANY_ADMIN: 409,
  // Corporate invoices (issue 16, decisions 0070 and 0071)
  /** Nothing on the company's account to invoice: no ride on account in the period, or every one is on an invoice already. */
  NOTHING_TO_INVOICE: 409,
  // Staff (issue 29 §2, decision 0089)
  /** The staff member's role lacks the permission this console route names. */
  STAFF_PERMISSION_REQUIRED: 403,
  /** The change would leave the marketplace without an owner. */
  LAST_OWNER: 409,
  /** The person is a staff member already: change their role instead. */
  ALREADY_STAFF: 409,
  /** The owners require a second person: who prepared this may not approve it (decision 0092). */
  SEPARATION_OF_DUTIES: 403,
  // Staff two-factor sign-in (issue 29 §4, decision 0090)
  /** The staff member's role signs in with a second factor and they have not enrolled: every console route refuses them until they do. */
  TWO_FACTOR_ENROLMENT_REQUIRED: 403,
  /** The staff member has enrolled and this session has not given the second factor yet. */
  TWO_FACTOR_REQUIRED: 403,
  /** The code from the app (or the recovery code) is wrong, used, or out of time. */
  TWO_FACTOR_CODE_INVALID: 400,
  /** Two-factor sign-in is set up already: an owner resets it first. */
  TWO_FACTOR_ALREADY_ENROLLED: 409,
  /** No two-factor sign-in is set up (or begun) for this account. */
  TWO_FACTOR_NOT_ENROLLED: 409,
} as const;

export const ERROR_CODES = { ...GENERIC_ERROR_CODES, ...DOMAIN_ERROR_CODES } as const;
export type ErrorCode = keyof typeof ERROR_CODES;
export type DomainErrorCode = keyof typeof DOMAIN_ERROR_CODES;
export type ErrorBody = { error: { code: ErrorCode; message: string; details?: unknown } };

export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);
