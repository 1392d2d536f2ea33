import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import type { authWithRateLimitResponseSchema } from './views';

/** §5: at least 8 characters, one uppercase, one lowercase, one number. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters')
  .regex(/[A-Z]/, 'Password must contain an uppercase letter')
  .regex(/[a-z]/, 'Password must contain a lowercase letter')
  .regex(/[0-9]/, 'Password must contain a number');

export const emailSchema = z.email('Please enter a valid email address');

export const signUpSchema = z.object({
  full_name: z.string().trim().min(1, 'Please enter your full name.'),
  phone: z.string().trim().min(1, 'Please enter your phone number.'),
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Please enter your password'),
});

/** Body of the `auth-with-rate-limit` function (§7). */
export const authWithRateLimitSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('signin'), email: emailSchema, password: z.string().min(1).max(256) }),
  z.object({
    action: z.literal('signup'),
    email: emailSchema,
    password: z.string().min(1).max(256),
    options: z.object({ data: z.object({ full_name: z.string().trim().min(1).max(200), phone: z.string().trim().min(1).max(32) }) }),
  }),
]);
export type AuthWithRateLimitInput = z.infer<typeof authWithRateLimitSchema>;

export type AuthWithRateLimitResponse = z.infer<typeof authWithRateLimitResponseSchema>;

export const profileUpdateSchema = z
  .object({
    full_name: z.string().trim().min(1).max(200).optional(),
    phone: z.string().trim().max(32).optional(),
    push_token: z.string().max(4096).nullable().optional(),
  })
  .strict();

/** /reset-admin-password: an administrator asks for a single-use link (30 minutes) by email. */
export const adminPasswordResetRequestSchema = z.object({ email: emailSchema });
/** …and sets a new password with it. The token is the link's `token` query parameter. */
export const adminPasswordResetSchema = z.object({ token: z.string().min(1).max(200), password: passwordSchema });
export const ADMIN_RESET_LINK_MINUTES = 30;
