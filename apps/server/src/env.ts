import { STAFF_TWO_FACTOR_POLICIES, type StaffTwoFactorPolicy } from '@openride/shared/admin/two-factor';
import { isPhoneCountry, type PhoneCountry, US } from '@openride/shared/phone';
import { z } from 'zod';

const bool = z.enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off', '']).transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/**
 * How many reverse proxies in front of the server append to X-Forwarded-For: `0`/`false` none (the socket's
 * address is the client's), `1`/`true` one, `N` that many. The client is the entry the outermost trusted proxy
 * appended, counted from the right; anything to its left was written by the client and is ignored.
 */
const proxyHops = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(\d{1,2}|true|false|yes|no|on|off|)$/, 'must be 0/false, 1/true, or the number of proxies in front of the server (up to 99)')
  .transform((v) => (['true', 'yes', 'on'].includes(v) ? 1 : ['false', 'no', 'off', ''].includes(v) ? 0 : Number(v)));

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || (URL.canParse(v) && protocols.includes(new URL(v).protocol)), {
      message: `must be a URL (${protocols.join(' or ')})`,
    });

/** A URL-safe base64 VAPID key (65-byte public point or 32-byte private scalar); blank means unset. */
const optionalKey = (length: number, kind: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
    z
      .string()
      .regex(new RegExp(`^[A-Za-z0-9_-]{${length}}$`), `must be a URL-safe base64 P-256 ${kind} key (${length} characters)`)
      .optional(),
  );

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v);

/** The whole environment, parsed once at start (epic-stack style): a bad value exits naming the variable. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
    REDIS_URL: optionalUrl(['redis:', 'rediss:']),
    /** Namespace of every Redis key and channel, so several deployments (or test runs) can share one Redis. */
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_:-]{1,64}$/, 'must be 1-64 letters, digits, _, : or -')
      .default('openride'),
    PUBLIC_URL: optionalUrl(['http:', 'https:']),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    TRUSTED_ORIGINS: z.string().optional().default(''),
    TRUST_PROXY: proxyHops.default(0),
    /**
     * Bearer token of GET /metrics (Prometheus). In production /metrics is off without it; elsewhere it is
     * open unless a token is set.
     */
    /** The emergency number the SOS button offers to call (decision 0061): 112 reaches emergency services from mobiles in most countries; set the local one (911, 999, …). */
    EMERGENCY_NUMBER: z
      .string()
      .regex(/^[0-9+*#]{2,15}$/, 'must be 2-15 digits (+, * and # allowed)')
      .default('112'),
    /**
     * The deployment's country (ISO 3166-1 alpha-2, issue 30 §2, decision 0094): phone numbers typed without a
     * country are read as its numbers, and new cities take it. `US` keeps the spec's 10-digit phone flow.
     */
    DEFAULT_COUNTRY: z.preprocess(
      (v) => (typeof blank(v) === 'string' ? (blank(v) as string).toUpperCase() : blank(v)),
      z
        .string()
        .refine(isPhoneCountry, 'must be an ISO 3166-1 alpha-2 country code with phone numbers (US, ES, GB, …)')
        .transform((c) => c as PhoneCountry)
        .default(US),
    ),
    /** Ride requests one rider may make in 10 minutes (each starts dispatch); 429 TOO_MANY_RIDE_REQUESTS beyond. */
    RIDE_REQUEST_LIMIT: z.coerce.number().int().min(1).max(1000).default(10),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    ADMIN_PATH: z
      .string()
      .regex(/^\/?[A-Za-z0-9_-]{8,64}$/, 'must be 8-64 letters, digits, - or _ (one path segment)')
      .optional(),
    /** The driver's own dashboard's hidden path (decision 0050); unset: a random one made at first start and kept. */
    DRIVER_DASHBOARD_PATH: z
      .string()
      .regex(/^\/?[A-Za-z0-9_-]{8,64}$/, 'must be 8-64 letters, digits, - or _ (one path segment)')
      .optional(),
    SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
    SMTP_FROM: z.string().default('OpenRide <no-reply@openride.local>'),
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_FROM: z.string().optional(),
    /** Web Push (VAPID) keys, as `npx web-push generate-vapid-keys` prints them; without them the server makes a pair once and keeps it in the database. */
    VAPID_PUBLIC_KEY: optionalKey(87, 'public'),
    VAPID_PRIVATE_KEY: optionalKey(43, 'private'),
    VAPID_SUBJECT: z
      .string()
      .trim()
      .refine((v) => /^mailto:\S+@\S+$/.test(v) || (URL.canParse(v) && new URL(v).protocol === 'https:'), {
        message: 'must be a mailto: address or an https: URL',
      })
      .default('mailto:admin@openride.local'),
    HIBP_ENABLED: bool.default(false),
    /**
     * Which staff sign in to the console with a second factor (decision 0090): `roles` owners and finance,
     * `all` every role, `off` nobody (whoever enrolled still gives it). Unset: `roles` in production, `off`
     * elsewhere (the demo and the tests sign in with a password); production refuses `off`.
     */
    STAFF_2FA: z.preprocess(blank, z.enum(STAFF_TWO_FACTOR_POLICIES, { error: `must be one of ${STAFF_TWO_FACTOR_POLICIES.join(', ')}` }).optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Unset: readable lines when stdout is a terminal outside production, JSON lines otherwise. */
    LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
    WEB_DIST: z.string().optional(),
    /** An OSRM server (e.g. http://localhost:5000) for road distances; without it fares use great-circle distance × a detour factor. */
    OSRM_URL: optionalUrl(['http:', 'https:']),
    /**
     * The live demo city: seeds San Francisco's demo rider, admin and drivers and runs simulated drivers in
     * the server. Unset means on outside production and off in production; it may never be on in production.
     */
    DEMO: bool.optional(),
    /** How many simulated drivers the demo city runs. */
    DEMO_DRIVERS: z.coerce.number().int().min(0).max(500).default(24),
    /**
     * How many simulated riders book rides in the demo city (they make /driver-heatmap and /analytics come
     * alive). Unset: 6 under `npm start` (development), none in tests.
     */
    DEMO_RIDERS: z.coerce.number().int().min(0).max(100).optional(),
    /** Time-lapse factor of the simulated drivers' driving (1 = real speed); tests speed the demo up. */
    DEMO_SPEED: z.coerce.number().min(0.1).max(1000).default(1),
    /** Days a ride's breadcrumbs (ride_locations) are kept; the hourly retention job deletes older ones (decision 0027). */
    RETENTION_BREADCRUMB_DAYS: z.coerce
      .number()
      .int('must be a whole number of days')
      .min(1, 'must be at least 1 day')
      .max(3650, 'must be at most 3650 days')
      .default(90),
    /** Map tiles ({z}/{x}/{y}); OpenStreetMap's by default. Blank turns tiles off (the map still draws routes and markers). */
    TILE_URL: z.string().trim().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    TILE_ATTRIBUTION: z.string().trim().default('© OpenStreetMap contributors'),
    /**
     * Card payments through Stripe (decision 0038): all three or none. The secret key (sk_… or a restricted
     * rk_…) stays on the server, the publishable key (pk_…) goes to the browser for Stripe Elements, the
     * webhook signing secret (whsec_…) verifies POST /api/payments/stripe/webhook.
     */
    STRIPE_SECRET_KEY: z.preprocess(
      blank,
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
        .optional(),
    ),
    STRIPE_PUBLISHABLE_KEY: z.preprocess(
      blank,
      z
        .string()
        .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: z.preprocess(
      blank,
      z
        .string()
        .regex(/^whsec_[A-Za-z0-9+/=]+$/, 'must be a Stripe webhook signing secret (whsec_…)')
        .optional(),
    ),
    /**
     * The offline test card provider (4242 4242 4242 4242, labelled Test mode): unset means on outside
     * production when Stripe is not configured; it may never be on in production.
     */
    PAYMENTS_TEST_MODE: bool.optional(),
    /** A geocoder for place search (Nominatim or Photon base URL); without it only the offline gazetteer answers. */
    GEOCODER_URL: optionalUrl(['http:', 'https:']),
    /** The largest upload POST /api/files takes (bytes): refused with 413 as soon as a stream crosses it (decision 0045). */
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int('must be a whole number of bytes')
      .min(1024, 'must be at least 1024 bytes')
      .max(100 * 1024 * 1024, 'must be at most 100 MB')
      .default(10 * 1024 * 1024),
    /**
     * Uploads in S3-compatible object storage (decision 0045): set S3_BUCKET with both keys; S3_ENDPOINT for a
     * server other than AWS (MinIO, R2, …; path-style addressing then). Without S3_BUCKET files are kept on
     * disk under DATA_DIR/uploads, which only one machine sees.
     */
    S3_BUCKET: z.preprocess(
      blank,
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 lowercase letters, digits, dots or hyphens)')
        .optional(),
    ),
    S3_ENDPOINT: z.preprocess(blank, optionalUrl(['http:', 'https:'])),
    S3_REGION: z.preprocess(
      blank,
      z
        .string()
        .regex(/^[a-z0-9-]{2,32}$/, 'must be a region name such as us-east-1')
        .default('us-east-1'),
    ),
    S3_ACCESS_KEY_ID: z.preprocess(blank, z.string().min(1).optional()),
    S3_SECRET_ACCESS_KEY: z.preprocess(blank, z.string().min(1).optional()),
  })
  .superRefine((env, ctx) => {
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({ code: 'custom', path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'], message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together' });
    }
    const twilio = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM];
    if (twilio.some(Boolean) && !twilio.every(Boolean)) {
      ctx.addIssue({ code: 'custom', path: ['TWILIO_ACCOUNT_SID'], message: 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together' });
    }
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
      });
    }
    const stripe = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET];
    if (stripe.some(Boolean) && !stripe.every(Boolean)) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET go together' });
    }
    if (env.S3_BUCKET && (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
      });
    }
    if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'is required when S3_ENDPOINT or the S3 keys are set (otherwise files would silently stay on local disk)',
      });
    }
    if (env.NODE_ENV === 'production') {
      if (env.PAYMENTS_TEST_MODE)
        ctx.addIssue({ code: 'custom', path: ['PAYMENTS_TEST_MODE'], message: 'cannot be on in production (no real card would be charged)' });
      if (!env.SMTP_URL) ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required in production (there is no dev outbox)' });
      if (!env.TWILIO_ACCOUNT_SID)
        ctx.addIssue({ code: 'custom', path: ['TWILIO_ACCOUNT_SID'], message: 'is required in production (there is no dev outbox)' });
      if (!env.AUTH_SECRET) ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production' });
      if (!env.PUBLIC_URL) ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required in production' });
      if (env.DEMO) ctx.addIssue({ code: 'custom', path: ['DEMO'], message: 'cannot be on in production (it seeds known passwords)' });
      if (env.STAFF_2FA === 'off')
        ctx.addIssue({ code: 'custom', path: ['STAFF_2FA'], message: 'cannot be off in production (owners and finance staff sign in with a second factor)' });
    }
  });

export type Env = z.infer<typeof envSchema>;

/**
 * DEMO resolved: `npm start` (NODE_ENV development) has it on unless DEMO=0; tests (NODE_ENV test) have it
 * off unless DEMO=1; production never (the schema refuses DEMO=1 there).
 */
export const demoEnabled = (env: Env) => env.DEMO ?? env.NODE_ENV === 'development';

/** DEMO_RIDERS resolved: the demo's simulated riders, 6 by default under `npm start`, none by default in tests. */
export const demoRiders = (env: Env) => env.DEMO_RIDERS ?? (env.NODE_ENV === 'development' ? 6 : 0);

/** STAFF_2FA resolved (decision 0090): as set, else owners and finance in production and nobody elsewhere. */
export const staffTwoFactorPolicy = (env: Pick<Env, 'STAFF_2FA' | 'NODE_ENV'>): StaffTwoFactorPolicy =>
  env.STAFF_2FA ?? (env.NODE_ENV === 'production' ? 'roles' : 'off');

/** Stripe is configured (all three keys: the schema refuses some without the others). */
export const stripeConfigured = (env: Env) => Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET);

/** PAYMENTS_TEST_MODE resolved: the test card provider runs outside production when Stripe is not configured, unless turned off; never in production. */
export const testPaymentsEnabled = (env: Env) => env.NODE_ENV !== 'production' && !stripeConfigured(env) && (env.PAYMENTS_TEST_MODE ?? true);

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}
