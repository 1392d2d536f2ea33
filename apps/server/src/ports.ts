import type { Kysely } from 'kysely';
import type { DB } from './db/schema';
import type { Env } from './env';
import type { Jobs } from './jobs/jobs';
import type { Logger } from './lib/logger';
import type { Metrics } from './lib/metrics';
import type { AuthLimiters, UsageLimiters } from './lib/rate-limit';
import type { Messenger } from './messaging/messenger';
import type { PushDispatcher } from './push/push-dispatcher';
import type { Bus } from './realtime/bus';
import type { Storage } from './storage/storage';

/**
 * The low-level dependencies at the bottom of the server's graph (issue 28 §2): the database, the event bus,
 * durable jobs, storage, outbound messages and pushes, the logger, metrics, limits and this deployment's
 * settings. None of them knows a domain. A verb names the ones it uses (`Pick<Ports, 'db' | 'bus'>`), and a
 * domain service it needs by its owning domain's type (`{ surge: SurgeEngine }`), never through the
 * composition root's `Services` (http/context.ts), which holds everything and so would tie every domain to
 * every other.
 */
export type Ports = {
  env: Env;
  db: Kysely<DB>;
  bus: Bus;
  jobs: Jobs;
  messenger: Messenger;
  push: PushDispatcher;
  storage: Storage;
  logger: Logger;
  metrics: Metrics;
  limiters: AuthLimiters;
  /** Per-user limits on chat, ride requests and cancellations (decision 0024). */
  usage: UsageLimiters;
  publicUrl: string;
  /** Key of the one-time code hashes (derived from the auth secret). */
  otpKey: Buffer;
  /** Key of the signed surge lock a quote hands to the request that follows it (decision 0035). */
  quoteKey: Buffer;
};

/** The signed-in caller a route hands its verb: who they are, never more (their roles are read where needed). */
export type SessionUser = { id: string; email: string; name: string };
