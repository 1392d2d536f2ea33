import { callFunction, errorText } from './call-function';

type SendOtpResponse = { success: boolean; error?: unknown };
type VerifyOtpResponse = { success: boolean; userExists?: boolean; error?: unknown };

/** The function answered and refused: its message (possibly empty) is meant for the person. */
export class SendOtpError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SendOtpError';
  }
}

/** §7 send-otp: body phone (10 digits); throws SendOtpError with the server's message when it did not send. */
export async function sendOtp(phone: string): Promise<void> {
  const { body } = await callFunction<SendOtpResponse>('send-otp', { phone });
  if (body.success !== true) throw new SendOtpError(errorText(body.error).message ?? '');
}

/** §7 verify-otp: body phone and otp. */
export async function verifyOtp(phone: string, otp: string): Promise<{ success: boolean; userExists: boolean; error?: string }> {
  const { body } = await callFunction<VerifyOtpResponse>('verify-otp', { phone, otp });
  return { success: body.success === true, userExists: body.userExists === true, error: errorText(body.error).message };
}
