import { allowsChannel, prefKindOf } from '@openride/shared/account/notification-prefs';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Env } from '../env';
import { lazily } from '../lib/lazily';
import type { Logger } from '../lib/logger';
import type { MessageAudience, Messenger, OutboundMessage, PrefsOf } from './messenger';

/** Outside production, whatever has no real provider lands in the dev outbox (a table, so every process sees it). */
export function devOutboxMessenger(db: Kysely<DB>, logger: Logger): Messenger {
  return {
    async send(message) {
      await db.insertInto('dev_outbox').values(message).execute();
      logger.info({ channel: message.channel, to: message.to, subject: message.subject }, 'message written to the dev outbox (/dev/outbox)');
    },
  };
}

// The providers' clients are made at the first message: their modules are loaded then, not at every start.
export function smtpMessenger(url: string, from: string): Messenger {
  const transport = lazily(async () => (await import('nodemailer')).default.createTransport(url));
  return {
    async send(message) {
      await (await transport()).sendMail({ from, to: message.to, subject: message.subject, text: message.body });
    },
  };
}

export function twilioMessenger(accountSid: string, authToken: string, from: string): Messenger {
  const client = lazily(async () => (await import('twilio')).default(accountSid, authToken));
  return {
    async send(message) {
      await (await client()).messages.create({ from, to: message.to, body: message.body });
    },
  };
}

/** Each channel's provider: a real one when configured, else (outside production) the dev outbox. */
function providersOf(env: Env, db: Kysely<DB>, logger: Logger) {
  const outbox = env.NODE_ENV === 'production' ? undefined : devOutboxMessenger(db, logger);
  const email = env.SMTP_URL ? smtpMessenger(env.SMTP_URL, env.SMTP_FROM) : outbox;
  const sms =
    env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
      ? twilioMessenger(env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM)
      : outbox;
  return { outbox, email, sms };
}

/**
 * The durable queue a real provider's message waits in (the jobs' `message-send`), declared by shape: the
 * jobs module names this module's `OutboundMessage` as that job's data, so this one may not import jobs.
 */
type MessageQueue = { send(name: 'message-send', data: OutboundMessage): Promise<unknown> };

/**
 * Routes each message to its channel's provider (decision 0027). A real provider (SMTP, Twilio) is reached
 * by a `message-send` job, retried with backoff, so a provider's hiccup neither fails the request nor loses
 * the message. The dev outbox is written at once, in the request: it is our own table, and whoever asked
 * for a code reads it right away. env validation guarantees real providers in production.
 */
export function createMessenger(env: Env, db: Kysely<DB>, logger: Logger, jobs: MessageQueue, prefsOf: PrefsOf): Messenger {
  const providers = providersOf(env, db, logger);
  return {
    async send(message: OutboundMessage, audience?: MessageAudience) {
      const kind = prefKindOf(audience?.kind);
      if (audience && kind && !allowsChannel(await prefsOf(db, audience.userId), kind, message.channel)) {
        logger.info({ channel: message.channel, kind, userId: audience.userId }, 'message not sent: the user switched this channel off for this kind');
        return;
      }
      const target = message.channel === 'email' ? providers.email : providers.sms;
      if (!target) throw new Error(`No ${message.channel} provider configured`);
      if (target === providers.outbox) return target.send(message);
      await jobs.send('message-send', message);
    },
  };
}

/** The message-send job: hand the message to its channel's real provider; a throw retries it later. */
export function createMessageDelivery(env: Env, db: Kysely<DB>, logger: Logger) {
  const providers = providersOf(env, db, logger);
  return async (message: OutboundMessage) => {
    const target = message.channel === 'email' ? providers.email : providers.sms;
    if (!target) throw new Error(`No ${message.channel} provider configured`);
    await target.send(message);
  };
}
