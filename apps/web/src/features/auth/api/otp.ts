import { callFunction, errorText } from './call-function';

type SendOtpResponse = { success: boolean; error?: unknown };
type VerifyOtpResponse = { success: boolean; userExists?: boolean; error?: unknown };

/** §7 send-otp: body phone (10 digits); throws with the server's message when it did not send. */
export async function sendOtp(phone: string): Promise<void> {
  const { body } = await callFunction<SendOtpResponse>('send-otp', { phone });
  if (body.success !== true) throw new Error(errorText(body.error).message ?? '');
}

/** §7 verify-otp: body phone and otp. */
export async function verifyOtp(phone: string, otp: string): Promise<{ success: boolean; userExists: boolean; error?: string }> {
  const { body } = await callFunction<VerifyOtpResponse>('verify-otp', { phone, otp });
  return { success: body.success === true, userExists: body.userExists === true, error: errorText(body.error).message };
}
