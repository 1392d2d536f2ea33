import { z } from 'zod';

/** The OTP functions answer `{ success, error? }` on every status, as the spec's client reads them (decision 0017). */
const otpFailureSchema = z.strictObject({ success: z.literal(false), error: z.string(), rateLimited: z.boolean().optional() });
export const sendOtpResponseSchema = z.discriminatedUnion('success', [z.strictObject({ success: z.literal(true) }), otpFailureSchema]);
export const verifyOtpResponseSchema = z.discriminatedUnion('success', [
  z.strictObject({ success: z.literal(true), userExists: z.boolean() }),
  otpFailureSchema,
]);
