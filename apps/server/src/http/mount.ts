import { type RouteAt, type RouteContract, type RouteKey, routeOf } from '@openride/shared/contract';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { secondFactorDue, type StaffTwoFactorPolicy, twoFactorRequired } from '@openride/shared/admin/two-factor';
import { domainError, forbidden, notFound } from '../lib/errors';
import { citiesNamed, inCityScope, recordInScope } from '../roles/city-scope';
import { type StaffMember, staffMay, staffOf } from '../roles/staff.repo';
import { type AppEnv, requireUser, sessionIdOf, type SessionUser } from './context';
import type { Ports } from '../ports';
import { type Env, staffTwoFactorPolicy } from '../env';

/**
 * One way to mount a route (issue 28 §1, decision 0083): the contract entry in packages/shared says the
 * method, the path, who may call it, what it takes and what it answers; `mount` registers exactly that,
 * applies the auth, parses the input with the contract's schemas and types the handler's answer against the
 * response schema of the status it returns. A route written by hand (`app.get(…)`) is counted by
 * apps/server/test/mount.test.ts.
 */

type Schema<T, K extends string> = T extends { request?: infer Req } ? (Req extends Record<K, infer S extends z.ZodType> ? S : undefined) : undefined;
type Parsed<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/**
 * What a handler is given: the caller (per the contract's auth), on an admin route their staff record (role
 * and cities), and its parsed params, query and body.
 */
export type MountInput<R extends RouteContract> = {
  c: Context<AppEnv>;
  user: R['auth'] extends 'public' | 'backup-token' ? SessionUser | null : SessionUser;
  staff: R['auth'] extends 'admin' ? StaffMember : null;
  params: Parsed<Schema<R, 'params'>>;
  query: Parsed<Schema<R, 'query'>>;
  body: R extends { request: { bodyContentType: 'multipart/form-data' } } ? undefined : Parsed<Schema<R, 'body'>>;
};

/** A value as JSON will write it: a Date is written as its ISO string. */
type Wire<T> = T extends string
  ? T | (string extends T ? Date : never)
  : T extends readonly (infer U)[]
    ? readonly Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

type SuccessStatus<R extends RouteContract> = Extract<keyof R['responses'], 200 | 201 | 202 | 204>;
type BodyOf<R extends RouteContract, S extends SuccessStatus<R>> = R['responses'][S] extends { schema: infer B extends z.ZodType } ? Wire<z.input<B>> : never;

/** The answer: a status the contract lists as success with its body typed by that status's schema, or a Response (a file, CSV, HTML, a redirect). */
export type MountReply<R extends RouteContract> =
  | { [S in SuccessStatus<R>]: S extends 204 ? { status: S } : { status: S; body: BodyOf<R, S> } }[SuccessStatus<R>]
  | Response;

/** Marks a handler as mounted from its contract: the mount test tells these from hand-written routes. */
export const MOUNTED = Symbol.for('openride.mounted');

type Handler<R extends RouteContract> = (input: MountInput<R>) => Promise<MountReply<R>> | MountReply<R>;

/** A handler that reads the body itself (`on.ownBody`): a signed webhook's raw text, an answer shape of its own. */
type OwnBodyHandler<R extends RouteContract> = (input: Omit<MountInput<R>, 'body'>) => Promise<MountReply<R>> | MountReply<R>;

/**
 * A domain's binder over its contract: `const on = mounter(app, services, rideContract)`, then
 * `on('POST /api/rides', async ({ user, body }) => ({ status: 201, body: … }))`. `on.ownBody(…)` mounts a route
 * whose handler reads the body itself (a signature over the raw text, a refusal in the spec's own shape): the
 * method, path, auth, params and query still come from the contract.
 */
export function mounter<const T extends readonly RouteContract[]>(app: Hono<AppEnv>, services: MountServices | null, routes: T) {
  const on = <K extends RouteKey<T[number]>>(key: K, handler: Handler<RouteAt<T, K>>) => mount(app, services, routeOf(routes, key), handler);
  const ownBody = <K extends RouteKey<T[number]>>(key: K, handler: OwnBodyHandler<RouteAt<T, K>>) =>
    mount(app, services, routeOf(routes, key), handler as Handler<RouteAt<T, K>>, { ownBody: true });
  return Object.assign(on, { ownBody });
}

/**
 * What mount reads: the database (the staff record) and, for the two-factor rule, the deployment's STAFF_2FA.
 * Every route module hands in the composition root's services, which carry `env`; without it (a harness) the
 * production rule applies, owners and finance.
 */
type MountServices = Pick<Ports, 'db'> & { env?: Pick<Env, 'STAFF_2FA' | 'NODE_ENV'> };
const twoFactorPolicyOf = (services: MountServices): StaffTwoFactorPolicy => (services.env ? staffTwoFactorPolicy(services.env) : 'roles');

export function mount<const R extends RouteContract>(
  app: Hono<AppEnv>,
  /** The database the admin check reads; null only where no route is an admin's (the public system routes). */
  services: MountServices | null,
  route: R,
  handler: Handler<R>,
  options: { ownBody?: boolean } = {},
) {
  if (route.auth === 'admin' && !services) throw new Error(`${route.method} ${route.path} is an admin's route: mount it with the database`);
  // Every console route names its permission (decision 0089); no other route has one.
  if ((route.auth === 'admin') !== Boolean(route.permission))
    throw new Error(`${route.method} ${route.path}: an admin's route, and only one, names a permission`);
  const request = route.request;
  const jsonBody = Boolean(request?.body) && request?.bodyContentType !== 'multipart/form-data' && !options.ownBody;
  const run = async (c: Context<AppEnv>) => {
    let user: SessionUser | null = c.get('user');
    if (route.auth === 'user' || route.auth === 'driver' || route.auth === 'admin') user = requireUser(c);
    let staff: StaffMember | null = null;
    if (route.auth === 'admin') {
      const member = await staffOf(services!.db, user!.id, sessionIdOf(user!));
      if (!member) throw forbidden('Administrators only.');
      // Two-factor sign-in (decision 0090): a role that requires it, enrolled and confirmed in this session.
      const due = secondFactorDue({ ...member.twoFactor, required: twoFactorRequired(member.role, twoFactorPolicyOf(services!)) });
      if (due) throw domainError(due === 'enrol' ? 'TWO_FACTOR_ENROLMENT_REQUIRED' : 'TWO_FACTOR_REQUIRED');
      staff = member;
      if (!staffMay(staff, route.permission!)) throw domainError('STAFF_PERMISSION_REQUIRED');
    }
    const input = {
      c,
      user,
      staff,
      params: request?.params ? request.params.parse(c.req.param()) : {},
      // On a read, an empty `?limit=` is no limit: the schema's default applies, as when it is left out. On a
      // write, an empty value is the schema's to judge (an empty `?city=` must not mean "every city").
      query: request?.query
        ? request.query.parse(route.method === 'GET' ? Object.fromEntries(Object.entries(c.req.query()).filter(([, v]) => v !== '')) : c.req.query())
        : {},
      body: jsonBody ? request!.body!.parse(await jsonOf(c)) : undefined,
    } as MountInput<R>;
    if (staff && staff.cityIds !== null) await checkCityScope(services!.db, route, staff, input);
    const reply = (await handler(input)) as Response | { status: number; body?: unknown };
    if (reply instanceof Response) return reply;
    if (reply.status === 204) return c.body(null, 204);
    return c.json(reply.body as object, reply.status as 200);
  };
  Object.defineProperty(run, MOUNTED, { value: `${route.method} ${route.path}` });
  app.on(route.method, route.path, run);
}

/**
 * A staff member of some cities (decision 0091): a city the request names must be one of theirs, and so must
 * the city of the record the route acts on (`cityOf`). Either answers 404, as a city or an id nobody holds.
 */
async function checkCityScope(db: Pick<Ports, 'db'>['db'], route: RouteContract, staff: StaffMember, input: { params: object; query: object; body: unknown }) {
  for (const city of citiesNamed(input.params, input.query, input.body)) if (!inCityScope(staff.cityIds, city)) throw notFound('No such city');
  if (route.cityOf) {
    const id = (input.params as Record<string, string | undefined>)[route.cityOf.param ?? 'id'];
    if (!id || !(await recordInScope(db, staff, route.cityOf.record, id))) throw notFound('Not found');
  }
}

/** The request's JSON body; none at all reads as `{}` (a verb without fields may be sent bare). */
async function jsonOf(c: Context<AppEnv>): Promise<unknown> {
  const raw = await c.req.text();
  return raw.trim() === '' ? {} : JSON.parse(raw);
}

/** Whether a Hono route handler was registered by `mount`. */
export const isMounted = (handler: unknown) => typeof handler === 'function' && MOUNTED in handler;
