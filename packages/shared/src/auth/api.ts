import { z } from 'zod';
import { defineRoutes, errorBodySchema } from '../contract';
import { ROLES } from './roles';
import { adminPasswordResetRequestSchema, adminPasswordResetSchema, authWithRateLimitSchema } from './schemas';
import { authWithRateLimitResponseSchema, okSchema, rolesResponseSchema } from './views';

/** No user id in the path or the body: the only roles one can read or add are one's own. */
export const addRoleSchema = z.object({ role: z.enum(ROLES) }).strict();

/**
 * Sign-in, sign-up and roles. better-auth's own `/api/auth/*` handler (sign-out, session, password reset)
 * is not listed: its routes and bodies are the library's, not our contract, and the coverage test skips
 * that prefix by rule (apps/server/test/openapi.test.ts). Its email sign-in/up are closed (404).
 */
export const authRoutes = defineRoutes([
  {
    method: 'POST',
    path: '/api/functions/auth-with-rate-limit',
    tag: 'auth',
    summary: 'Sign in or sign up (rate limited); sets the session cookie',
    description:
      'Answers `{ data, error }` on every status. Sign-up refuses a phone another account holds (409 `phone_conflict`, nothing created); a leaked password is refused with `passwordLeaked: true`; the limit answers 429 with `rateLimited: true`.',
    auth: 'public',
    request: { body: authWithRateLimitSchema },
    responses: {
      200: { description: 'Signed in or up: the session cookie is set', schema: authWithRateLimitResponseSchema },
      400: { description: 'Wrong credentials, leaked password, or a malformed body', schema: z.union([authWithRateLimitResponseSchema, errorBodySchema]) },
      401: { description: 'Wrong credentials', schema: authWithRateLimitResponseSchema },
      409: { description: 'The phone belongs to another account', schema: authWithRateLimitResponseSchema },
      422: { description: 'The email already has an account', schema: authWithRateLimitResponseSchema },
      429: { description: 'Too many attempts', schema: authWithRateLimitResponseSchema },
    },
  },
  {
    method: 'POST',
    path: '/api/admin-password-reset',
    tag: 'auth',
    summary: 'An administrator asks for a password reset link by email',
    description:
      'The same answer whether or not the email belongs to an admin; only admins get the email (a single-use link, 30 minutes; a newer one replaces it).',
    auth: 'public',
    request: { body: adminPasswordResetRequestSchema },
    responses: { 200: { description: 'Asked', schema: okSchema }, 429: { description: 'Too many reset requests from this address' } },
  },
  {
    method: 'POST',
    path: '/api/admin-password-reset/confirm',
    tag: 'auth',
    summary: "Set a new password with the link's token",
    description: 'Once per link; every session of that admin ends.',
    auth: 'public',
    request: { body: adminPasswordResetSchema },
    responses: { 200: { description: 'Password set', schema: okSchema }, 400: { description: 'Invalid or used link, or a weak or breached password' } },
  },
  {
    method: 'GET',
    path: '/api/user-roles/me',
    tag: 'auth',
    summary: "The caller's roles",
    auth: 'user',
    responses: { 200: { description: 'The roles', schema: rolesResponseSchema } },
  },
  {
    method: 'POST',
    path: '/api/user-roles',
    tag: 'auth',
    summary: 'Add a role to oneself (only `driver`)',
    description: 'A duplicate is ignored. Any other role: 403.',
    auth: 'user',
    request: { body: addRoleSchema },
    responses: { 200: { description: 'The roles after', schema: rolesResponseSchema }, 403: { description: 'Not a role one may give oneself' } },
  },
]);
