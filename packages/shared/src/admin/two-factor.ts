import { z } from 'zod';
import { text } from '../text';
import type { StaffRole } from './permissions';
import { twoFactorText } from './two-factor-text';

/**
 * Two-factor sign-in for staff (issue 29 §4, decision 0090): a TOTP from an authenticator app (RFC 6238: SHA-1,
 * 6 digits, 30 seconds), or one of 10 single-use recovery codes.
 *
 * Who must enrol is the deployment's `STAFF_2FA` setting: `roles` (production's default) the roles below,
 * `all` every staff member, `off` nobody (development's and the tests' default). Whoever has enrolled gives
 * the second factor in every session, whatever the setting.
 */
export const STAFF_TWO_FACTOR_POLICIES = ['off', 'roles', 'all'] as const;
export type StaffTwoFactorPolicy = (typeof STAFF_TWO_FACTOR_POLICIES)[number];

/** The roles that must enrol under `roles`: the ones that manage staff and move money. */
export const TWO_FACTOR_ROLES: readonly StaffRole[] = ['owner', 'finance'];

/** Whether a staff member of `role` must have enrolled before the console answers them. */
export const twoFactorRequired = (role: StaffRole, policy: StaffTwoFactorPolicy) => policy === 'all' || (policy === 'roles' && TWO_FACTOR_ROLES.includes(role));

/** How many recovery codes an enrolment gives; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** A code from the app: 6 digits. */
export const TOTP_DIGITS = 6;
/** A recovery code as shown: two groups of five letters and digits, `abcde-12345`. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-[a-z2-7]{5}$/;

/** What a person types: a code from the app or a recovery code, spaces and dashes allowed. */
export const twoFactorCodeSchema = z.strictObject({
  code: text()
    .trim()
    .min(1, twoFactorText.form.codeRequired)
    .max(40, twoFactorText.form.codeTooLong)
    .regex(/^[A-Za-z0-9 -]+$/, twoFactorText.form.codeShape),
});
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeSchema>;

/** The signed-in person's two-factor state; a person who is not staff reads `staff: false` and nothing else applies. */
export const twoFactorStatusSchema = z.strictObject({
  staff: z.boolean(),
  /** Their role must have enrolled before the console answers them (the deployment's STAFF_2FA). */
  required: z.boolean(),
  enrolled: z.boolean(),
  /** This session gave the second factor (or enrolled in it). */
  verified: z.boolean(),
  /** Recovery codes not used yet; null when not enrolled. */
  recovery_codes_left: z.number().int().nullable(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** An enrolment begun: the secret, as the app's QR code (an SVG data: URL) and as text to type. */
export const twoFactorEnrolmentSchema = z.strictObject({
  secret: z.string(),
  otpauth_uri: z.string(),
  /** `data:image/svg+xml;base64,…`: the otpauth URI as a QR code. */
  qr_code: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

/** The enrolment confirmed: the recovery codes, shown this once (only their hashes are kept). */
export const twoFactorRecoveryCodesSchema = z.strictObject({ recovery_codes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });
export type TwoFactorRecoveryCodes = z.infer<typeof twoFactorRecoveryCodesSchema>;

/** The second factor given: whether it was a recovery code, and how many are left. */
export const twoFactorVerifiedSchema = z.strictObject({ recovery_code_used: z.boolean(), recovery_codes_left: z.number().int() });
export type TwoFactorVerified = z.infer<typeof twoFactorVerifiedSchema>;

/** Where the console sends a staff member who has still to enrol or to give the second factor. */
export const TWO_FACTOR_PATH = '/staff-2fa';

/**
 * What a staff member must do before the console answers them, one rule for the server's gate (mount) and the
 * web's guard: nothing, `verify` (enrolled, and this session has not given the second factor) or `enrol`
 * (their role requires it and they have not set it up).
 */
export function secondFactorDue(state: { required: boolean; enrolled: boolean; verified: boolean }): 'enrol' | 'verify' | null {
  if (state.enrolled) return state.verified ? null : 'verify';
  return state.required ? 'enrol' : null;
}
