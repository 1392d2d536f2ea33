import { z } from 'zod';
import { OTP_LENGTH } from '../constants';
import { messages } from '../messages';
import { isPhoneCountry, parsePhone, US } from '../phone';
import { phoneText } from '../phone-text';
import type { sendOtpResponseSchema, verifyOtpResponseSchema } from './views';

/**
 * A phone as typed. Whether it is a number is checked with its `country` (`phoneChecked`): §5's exactly 10 digits
 * for the US ("(415) 555-0100" is fine), the library's rules for another country, any valid `+…` E.164 number.
 */
export const otpPhoneSchema = z.string(messages.errors.invalidPhone.text).max(64, messages.errors.invalidPhone.text);

/** An ISO 3166-1 alpha-2 country with phone numbers (issue 30 §2); absent: the deployment's DEFAULT_COUNTRY (US by default). */
export const phoneCountrySchema = z.string().refine(isPhoneCountry, phoneText.unknownCountry);

/** Refuses a `phone` that is not a number of `country` (US when absent), with the country's message on `phone`. */
export const phoneChecked = (value: { phone: string; country?: string }, ctx: z.RefinementCtx) => {
  const country = value.country ?? US;
  if (!isPhoneCountry(country)) return;
  const parsed = parsePhone(value.phone, country);
  if (!parsed.ok) ctx.addIssue({ code: 'custom', path: ['phone'], message: parsed.error });
};

/** §5: the code is exactly 6 digits. */
export const otpCodeSchema = z.string(messages.errors.invalidCode.text).regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), messages.errors.invalidCode.text);

/** Body of the `send-otp` function (§7). */
export const sendOtpSchema = z.object({ phone: otpPhoneSchema, country: phoneCountrySchema.optional() }).superRefine(phoneChecked);
export type SendOtpInput = z.infer<typeof sendOtpSchema>;

/** Body of the `verify-otp` function (§7). */
export const verifyOtpSchema = z.object({ phone: otpPhoneSchema, country: phoneCountrySchema.optional(), otp: otpCodeSchema }).superRefine(phoneChecked);
export type VerifyOtpInput = z.infer<typeof verifyOtpSchema>;

export type SendOtpResponse = z.infer<typeof sendOtpResponseSchema>;
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponseSchema>;
