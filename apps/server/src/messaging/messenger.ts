import type { NotificationPrefs } from '@openride/shared/account/notification-prefs';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
export type OutboundMessage = { channel: 'email' | 'sms'; to: string; subject: string; body: string };

/**
 * Who a message is for and what it is about, when it is about something a user may switch off (decision 0058):
 * rides, payments, promotions. Codes, links and safety messages name no kind and always go.
 */
export type MessageAudience = { userId: string; kind: string | null };

/** Outbound email and SMS. Real providers (SMTP, Twilio) or, outside production, the dev outbox. */
export type Messenger = { send(message: OutboundMessage, audience?: MessageAudience): Promise<void> };

/**
 * How the messenger and push learn a user's notification switches (decision 0058): the account owns them and
 * server.ts hands its reader in, so these ports import no domain above them.
 */
export type PrefsOf = (db: Kysely<DB>, userId: string) => Promise<NotificationPrefs>;
