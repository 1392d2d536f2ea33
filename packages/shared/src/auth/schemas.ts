import { z } from 'zod';
import { text } from '../text';
import { phoneCountrySchema } from '../otp/schemas';
import { PASSWORD_MIN_LENGTH } from '../constants';
import type { authWithRateLimitResponseSchema } from './views';

/** §5: at least 8 characters, one uppercase, one lowercase, one number. */
export const passwordSchema = text()
  .max(256, 'Password must be at most 256 characters')
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters')
  .regex(/[A-Z]/, 'Password must contain an uppercase letter')
  .regex(/[a-z]/, 'Password must contain a lowercase letter')
  .regex(/[0-9]/, 'Password must contain a number');

export const emailSchema = z.email('Please enter a valid email address').max(254);

export const signUpSchema = z.object({
  full_name: text().trim().min(1, 'Please enter your full name.'),
  phone: text().trim().min(1, 'Please enter your phone number.'),
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: text().min(1, 'Please enter your password').max(256),
});

/** Body of the `auth-with-rate-limit` function (§7). */
export const authWithRateLimitSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('signin'), email: emailSchema, password: text().min(1).max(256) }),
  z.object({
    action: z.literal('signup'),
    email: emailSchema,
    password: text().min(1).max(256),
    options: z.object({
      data: z.object({ full_name: text().trim().min(1).max(200), phone: text().trim().min(1).max(32), country: phoneCountrySchema.optional() }),
    }),
  }),
]);
export type AuthWithRateLimitInput = z.infer<typeof authWithRateLimitSchema>;

export type AuthWithRateLimitResponse = z.infer<typeof authWithRateLimitResponseSchema>;

export const profileUpdateSchema = z
  .object({
    full_name: text().trim().min(1).max(200).optional(),
    // Issue 15 (decision 0058): a phone changes only with a code texted to the new number (/api/account/phone).
    phone: z.never({ error: 'Change your phone in Account settings: a code is sent to the new number.' }).optional(),
    push_token: text().max(4096).nullable().optional(),
  })
  .strict();

/** /reset-admin-password: an administrator asks for a single-use link (30 minutes) by email. */
export const adminPasswordResetRequestSchema = z.object({ email: emailSchema });
/** …and sets a new password with it. The token is the link's `token` query parameter. */
export const adminPasswordResetSchema = z.object({ token: text().min(1).max(200), password: passwordSchema });
export const ADMIN_RESET_LINK_MINUTES = 30;

/**
 * The only better-auth endpoints the app uses, and what each may carry (issue 11, finding 5): the server
 * passes these through to the library after parsing them here, and answers 404 for every other
 * `/api/auth/*` path (update-user, change-email, list-sessions…: the server calls change-password and change-email itself, from /api/account).
 */
export const betterAuthPassThrough = {
  'GET /api/auth/get-session': {
    query: z.object({ disableCookieCache: z.enum(['true', 'false']).optional(), disableRefresh: z.enum(['true', 'false']).optional() }).strict(),
  },
  'POST /api/auth/sign-out': { body: z.object({}).strict() },
  'POST /api/auth/request-password-reset': { body: z.object({ email: emailSchema, redirectTo: text().max(2000).optional() }).strict() },
  'POST /api/auth/reset-password': { body: z.object({ newPassword: text().min(1).max(256), token: text().min(1).max(200) }).strict() },
  /** The link in the reset email: better-auth checks the token and redirects to `callbackURL`. */
  'GET /api/auth/reset-password/:token': { query: z.object({ callbackURL: text().max(2000) }).strict() },
  /** The link in the email-change email (/account-settings, decision 0058): better-auth checks it, changes the email and redirects to `callbackURL`. */
  'GET /api/auth/verify-email': { query: z.object({ token: text().min(1).max(2000), callbackURL: text().max(2000).optional() }).strict() },
} as const;
