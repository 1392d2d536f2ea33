import { defineRoutes } from '../contract';
import { sendOtpSchema, verifyOtpSchema } from './schemas';
import { sendOtpResponseSchema, verifyOtpResponseSchema } from './views';

/** §7 functions send-otp and verify-otp: `{ success, error? }` on every status, as the client reads them. */
export const otpRoutes = defineRoutes([
  {
    method: 'POST',
    path: '/api/functions/send-otp',
    tag: 'otp',
    summary: 'Text a one-time code to a phone',
    description:
      "SMS `Your OpenRide verification code is 123456. It expires in 5 minutes.` to the phone's E.164 number (the dev outbox outside production). `phone` is read in `country` (ISO 3166-1 alpha-2), else the deployment's `DEFAULT_COUNTRY` (US: exactly 10 digits); a `+…` number is read as it is (decision 0094). 5 per phone per hour, 20 per address per hour.",
    auth: 'public',
    request: { body: sendOtpSchema },
    responses: {
      200: { description: 'Sent', schema: sendOtpResponseSchema },
      400: { description: 'Not a phone number of its country (the US: 10 digits), or an unknown country', schema: sendOtpResponseSchema },
      429: { description: 'Too many codes', schema: sendOtpResponseSchema },
      502: { description: 'The SMS could not be sent', schema: sendOtpResponseSchema },
    },
  },
  {
    method: 'POST',
    path: '/api/functions/verify-otp',
    tag: 'otp',
    summary: 'Check a one-time code',
    description:
      'A right code is consumed (signed in: the own profile phone becomes verified). A wrong code answers 200 `success: false` and counts 1 of 5 attempts; none, expired, used or 5 attempts spent: `Invalid or expired code`. 50 checks per address per 15 minutes.',
    auth: 'public',
    request: { body: verifyOtpSchema },
    responses: {
      200: { description: 'Checked: `success` says whether it matched', schema: verifyOtpResponseSchema },
      400: { description: 'Malformed phone or code', schema: verifyOtpResponseSchema },
      429: { description: 'Too many checks', schema: verifyOtpResponseSchema },
    },
  },
]);
