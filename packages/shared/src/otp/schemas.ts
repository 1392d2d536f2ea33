import { z } from 'zod';
import { OTP_LENGTH, PHONE_DIGITS } from '../constants';
import { messages } from '../messages';
import type { sendOtpResponseSchema, verifyOtpResponseSchema } from './views';

/** §5: sending needs exactly 10 digits once everything but digits is stripped ("(415) 555-0100" is fine). */
export const otpPhoneSchema = z
  .string(messages.errors.invalidPhone.text)
  .max(64, messages.errors.invalidPhone.text)
  .refine((phone) => phone.replace(/\D/g, '').length === PHONE_DIGITS, messages.errors.invalidPhone.text);

/** §5: the code is exactly 6 digits. */
export const otpCodeSchema = z.string(messages.errors.invalidCode.text).regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), messages.errors.invalidCode.text);

/** Body of the `send-otp` function (§7). */
export const sendOtpSchema = z.object({ phone: otpPhoneSchema });
export type SendOtpInput = z.infer<typeof sendOtpSchema>;

/** Body of the `verify-otp` function (§7). */
export const verifyOtpSchema = z.object({ phone: otpPhoneSchema, otp: otpCodeSchema });
export type VerifyOtpInput = z.infer<typeof verifyOtpSchema>;

export type SendOtpResponse = z.infer<typeof sendOtpResponseSchema>;
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponseSchema>;
