import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import twilio from 'twilio';
import type { DB } from '../db/schema';
import type { Env } from '../env';
import type { Logger } from '../lib/logger';
import type { Messenger, OutboundMessage } from './messenger';

/** Outside production, whatever has no real provider lands in the dev outbox (a table, so every process sees it). */
export function devOutboxMessenger(db: Kysely<DB>, logger: Logger): Messenger {
  return {
    async send(message) {
      await db.insertInto('dev_outbox').values(message).execute();
      logger.info({ channel: message.channel, to: message.to, subject: message.subject }, 'message written to the dev outbox (/dev/outbox)');
    },
  };
}

export function smtpMessenger(url: string, from: string): Messenger {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.body });
    },
  };
}

export function twilioMessenger(accountSid: string, authToken: string, from: string): Messenger {
  const client = twilio(accountSid, authToken);
  return {
    async send(message) {
      await client.messages.create({ from, to: message.to, body: message.body });
    },
  };
}

/** Routes each message to its channel's provider. env validation guarantees providers exist in production. */
export function createMessenger(env: Env, db: Kysely<DB>, logger: Logger): Messenger {
  const outbox = env.NODE_ENV === 'production' ? undefined : devOutboxMessenger(db, logger);
  const email = env.SMTP_URL ? smtpMessenger(env.SMTP_URL, env.SMTP_FROM) : outbox;
  const sms =
    env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
      ? twilioMessenger(env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM)
      : outbox;
  return {
    async send(message: OutboundMessage) {
      const target = message.channel === 'email' ? email : sms;
      if (!target) throw new Error(`No ${message.channel} provider configured`);
      await target.send(message);
    },
  };
}
