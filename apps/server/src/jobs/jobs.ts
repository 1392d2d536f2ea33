import type { PushPayload } from '@openride/shared/push/schemas';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import type { DB } from '../db/schema';
import type { Logger } from '../lib/logger';
import type { OutboundMessage } from '../messaging/messenger';

/** Every queue the server has, with what its jobs carry (decision 0027). */
export type JobData = {
  /** One Web Push message to one browser subscription. */
  'push-send': { subscriptionId: string; payload: PushPayload };
  /** One email or SMS to a real provider (SMTP, Twilio); the dev outbox is written at once instead. */
  'message-send': OutboundMessage;
  /** Deletes old breadcrumbs, outbox rows, expired sessions and codes (run-retention.ts). */
  retention: Record<string, never>;
  /** Capture or release a ride's card hold after the change that asked for it committed (decision 0038). */
  'payment-settle': { payment_id: string; action: 'capture'; amount_cents: number } | { payment_id: string; action: 'release' };
  /** Give an approved refund back to the card after the decision that posted it committed (refunds/send-card-refund.ts, decision 0054). */
  'card-refund': { refund_request_id: string; amount_cents: number };
  /** Makes each city's scheduled payout run on its payout weekday (payouts/schedule-payout-runs.ts, decision 0040). */
  'payout-schedule': Record<string, never>;
  /** Reminds drivers of a shift starting soon, once per shift (schedule/send-shift-reminders.ts, decision 0047). */
  'shift-reminders': Record<string, never>;
  /** Paper expiry reminders and the compliance hold of online drivers (compliance/compliance-expiry.ts, decision 0052). */
  'compliance-expiry': Record<string, never>;
  /** Closes tickets resolved 7 days ago without a user reply (support/auto-close-tickets.ts, decision 0055). */
  'support-auto-close': Record<string, never>;
  /** Tells operators once when an open ticket passes its due time (support/alert-overdue-tickets.ts, decision 0065). */
  'support-sla': Record<string, never>;
  /** Asks "Is everything OK?" on rides in progress that stopped too long or strayed (safety/run-ride-check.ts, decision 0062). */
  'ride-check': Record<string, never>;
  /** Issues each company's invoice of the month that just ended, once (corporate-invoices/issue-monthly-invoices.ts, decision 0070). */
  'corporate-invoices': Record<string, never>;
};
export type JobName = keyof JobData;

/** Retries, backoff and lifetimes per queue. Tests shorten the delays (ServiceOverrides.jobs). */
export type QueueSettings = { retryLimit: number; retryDelaySeconds: number; expireInSeconds: number; retentionSeconds: number };

export const DEFAULT_QUEUES: Record<JobName, QueueSettings> = {
  // A ride update is stale after the push services' own TTL (6 h); backoff 10 s, 20 s, 40 s … up to 5 tries.
  'push-send': { retryLimit: 5, retryDelaySeconds: 10, expireInSeconds: 30, retentionSeconds: 6 * 60 * 60 },
  // A one-time code lives 5 minutes and a reset link an hour: a message not sent within 30 minutes is dropped.
  'message-send': { retryLimit: 4, retryDelaySeconds: 5, expireInSeconds: 60, retentionSeconds: 30 * 60 },
  retention: { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 15 * 60, retentionSeconds: 60 * 60 },
  // A hold lives 7 days at Stripe: a capture is tried for up to 6 days (backoff from 30 s, 20 tries).
  'payment-settle': { retryLimit: 20, retryDelaySeconds: 30, expireInSeconds: 60, retentionSeconds: 6 * 24 * 60 * 60 },
  // A card refund is tried as a capture is: backoff from 30 s, 20 tries over about 6 days.
  'card-refund': { retryLimit: 20, retryDelaySeconds: 30, expireInSeconds: 60, retentionSeconds: 6 * 24 * 60 * 60 },
  // Hourly; a missed slot is made up by the next one the same day (the run is once per city and date).
  'payout-schedule': { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 5 * 60, retentionSeconds: 60 * 60 },
  // Every 5 minutes; a reminder is worth nothing once its shift started, so a slot's job lives 10 minutes.
  'shift-reminders': { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 2 * 60, retentionSeconds: 10 * 60 },
  // Every minute; idempotent (claims in compliance_reminders, conditional updates): a job queued while every
  // server was down still runs when one starts, within the hour.
  'compliance-expiry': { retryLimit: 2, retryDelaySeconds: 15, expireInSeconds: 5 * 60, retentionSeconds: 60 * 60 },
  // Every 10 minutes; one conditional update, so a run queued twice closes nothing twice.
  'support-auto-close': { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 5 * 60, retentionSeconds: 60 * 60 },
  // Every minute; the claim (sla_alerted_for) and the notifications commit together: told once per due time.
  'support-sla': { retryLimit: 2, retryDelaySeconds: 20, expireInSeconds: 2 * 60, retentionSeconds: 60 * 60 },
  // Every minute; a check is claimed by a unique index, so a slot run twice asks nothing twice. A slot's job is
  // worth nothing once the next one is queued: one quick retry, gone after 10 minutes.
  'ride-check': { retryLimit: 1, retryDelaySeconds: 10, expireInSeconds: 2 * 60, retentionSeconds: 10 * 60 },
  // Hourly; an invoice is unique per company and month, so a slot run twice (or a retry) issues nothing twice.
  'corporate-invoices': { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 10 * 60, retentionSeconds: 60 * 60 },
};

/** How often an idle worker looks for jobs other processes queued (a job queued here wakes it at once). */
const POLL_SECONDS: Record<JobName, number> = {
  'push-send': 1,
  'message-send': 2,
  retention: 10,
  'payment-settle': 2,
  'card-refund': 2,
  'payout-schedule': 10,
  'shift-reminders': 10,
  'compliance-expiry': 2,
  'support-auto-close': 10,
  'support-sla': 10,
  'ride-check': 2,
  'corporate-invoices': 10,
};

export type JobsOptions = { queues?: Partial<Record<JobName, Partial<QueueSettings>>>; workers?: boolean };

type Handler<N extends JobName> = (data: JobData[N], job: { id: string; name: N }) => Promise<void>;

/**
 * pg-boss, made once per process for both modes: on embedded PGlite it shares the one connection
 * (`executeSql` on the app's pool), on PostgreSQL it has a small pool of its own. Jobs live in the
 * `pgboss` schema of the same database, so a job queued in a transaction commits — or rolls back — with it.
 */
/** The advisory lock under which one process at a time sets pg-boss up (any constant not used by another lock: demo 011, dispatch 027). */
const JOBS_SETUP_LOCK_KEY = 7_343_001_127;

export async function createJobs(deps: {
  database: Database;
  databaseUrl?: string;
  logger: Logger;
  options?: JobsOptions;
  onFailure?: (queue: JobName) => void;
}) {
  const { logger } = deps;
  const queues = Object.fromEntries(
    (Object.keys(DEFAULT_QUEUES) as JobName[]).map((name) => [name, { ...DEFAULT_QUEUES[name], ...deps.options?.queues?.[name] }]),
  ) as Record<JobName, QueueSettings>;
  const common = {
    application_name: 'openride-jobs',
    // Completed jobs leave the job table after an hour, failed ones after a day; the archive after a week.
    archiveCompletedAfterSeconds: 60 * 60,
    archiveFailedAfterSeconds: 24 * 60 * 60,
    deleteAfterDays: 7,
  };
  const boss = deps.databaseUrl
    ? new PgBoss({ ...common, connectionString: deps.databaseUrl, max: 3 })
    : new PgBoss({ ...common, db: { executeSql: (text, values) => deps.database.executeSql(text, values) as Promise<{ rows: never[] }> } });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  const setUp = async () => {
    await boss.start();
    for (const [name, q] of Object.entries(queues)) {
      const settings = {
        retryLimit: q.retryLimit,
        retryDelay: q.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: q.expireInSeconds,
        retentionSeconds: q.retentionSeconds,
      };
      // createQueue is a no-op on an existing queue: updateQueue carries changed settings over to it.
      await boss.createQueue(name, { name, ...settings });
      await boss.updateQueue(name, { name, ...settings });
    }
  };
  if (deps.databaseUrl) {
    // Several processes starting at once on a new database would create pg-boss's schema and its queues'
    // partitions together, and PostgreSQL answered one of them 'deadlock detected' (CI's scaled test):
    // one process at a time, under an advisory lock held on a connection of our own.
    await deps.database.db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${JOBS_SETUP_LOCK_KEY})`.execute(conn);
      try {
        await setUp();
      } finally {
        await sql`select pg_advisory_unlock(${JOBS_SETUP_LOCK_KEY})`.execute(conn);
      }
    });
  } else {
    // Embedded: one process, and PGlite's one connection is the one pg-boss works through.
    await setUp();
  }

  const workerIds = new Map<JobName, string[]>();
  let stopped = false;
  const wake = (name: JobName) => {
    for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
  };

  /** `db` for pg-boss from a Kysely transaction: the job's insert runs in that transaction. */
  const inTransaction = (trx: Kysely<DB>) => ({
    executeSql: async (text: string, values: unknown[] = []) => {
      const result = await trx.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as never[] };
    },
  });

  return {
    queues,
    /** Queue a job outside any transaction. */
    async send<N extends JobName>(name: N, data: JobData[N], opts: { startAfter?: Date } = {}) {
      const id = await boss.send(name, data, opts);
      wake(name);
      return id;
    },
    /**
     * Queue a job inside the caller's transaction: it exists only if that transaction commits. Call
     * `wake(name)` after commit so this process's worker picks it up without waiting for its next poll.
     */
    sendIn<N extends JobName>(trx: Kysely<DB>, name: N, data: JobData[N], opts: { startAfter?: Date } = {}) {
      return boss.send(name, data, { ...opts, db: inTransaction(trx) });
    },
    wake,
    /**
     * Run `handler` for each job of the queue, one job at a time per worker. A handler that throws fails
     * the job: pg-boss runs it again after the queue's backoff until its retries are spent.
     */
    async work<N extends JobName>(name: N, handler: Handler<N>, opts: { workers?: number } = {}) {
      if (deps.options?.workers === false) return;
      for (let i = 0; i < (opts.workers ?? 1); i++) {
        const id = await boss.work<JobData[N]>(name, { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS[name] }, async ([job]) => {
          if (!job) return;
          try {
            await handler(job.data, { id: job.id, name });
          } catch (err) {
            deps.onFailure?.(name);
            logger.warn({ err, queue: name, jobId: job.id }, 'job failed; pg-boss retries it after a backoff');
            throw err;
          }
        });
        workerIds.set(name, [...(workerIds.get(name) ?? []), id]);
      }
    },
    /** Cron (UTC): pg-boss queues one job per slot, once across every process. */
    schedule(name: JobName, cron: string) {
      return boss.schedule(name, cron, {}, { tz: 'UTC' });
    },
    /** Delete a job (a sent message: its text has one-time codes and links). */
    deleteJob(name: JobName, id: string) {
      return boss.deleteJob(name, id);
    },
    /** Jobs waiting to run (queued, or waiting for a retry), per queue (Prometheus, at scrape time). */
    async queued() {
      const sizes = await Promise.all((Object.keys(queues) as JobName[]).map(async (name) => [name, await boss.getQueueSize(name)] as const));
      return Object.fromEntries(sizes) as Record<JobName, number>;
    },
    /**
     * Resolves once no job of these queues is running or due (a job waiting for its retry's backoff is
     * not due): tests wait for deliveries with it instead of sleeping.
     */
    async idle(names: JobName[], timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = (await deps.database.executeSql(
          `select count(*)::int as n from pgboss.job where name = any($1) and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
          [names],
        )) as { rows: Array<{ n: number }> };
        if (rows[0]?.n === 0) return;
        if (Date.now() > until) throw new Error(`jobs of ${names.join(', ')} still pending after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    /** Stop taking jobs, let running ones finish (up to 5 s, within index.ts's 10 s shutdown budget), close pg-boss's own pool if it has one. */
    async stop() {
      if (stopped) return;
      stopped = true;
      // wait: resolves once running jobs finished (or the timeout failed them back to the queue).
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 }).catch((err: unknown) => logger.error({ err }, 'job queue stop failed'));
    },
  };
}
export type Jobs = Awaited<ReturnType<typeof createJobs>>;
