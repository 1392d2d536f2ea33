import { z } from 'zod';
import { roleSchema } from '../profiles/views';

/** Auth and roles answers (decision 0017): apps/server/src/auth. */
export const rolesResponseSchema = z.strictObject({ roles: z.array(roleSchema) });

/**
 * `POST /api/functions/auth-with-rate-limit` answers the body the spec's client reads, on every status:
 * `{ data, error }`, with the session token on success and a lower-case code on failure.
 */
export const authWithRateLimitResponseSchema = z.strictObject({
  data: z
    .strictObject({
      session: z.strictObject({ access_token: z.string(), refresh_token: z.string() }).nullable(),
      user: z.strictObject({ id: z.string(), email: z.string() }).nullable(),
    })
    .nullable(),
  error: z.strictObject({ message: z.string(), code: z.string().optional() }).nullable(),
  passwordLeaked: z.boolean().optional(),
  rateLimited: z.boolean().optional(),
});

/** A step that has nothing to return. */
export const okSchema = z.strictObject({ ok: z.literal(true) });
