export type OutboundMessage = { channel: 'email' | 'sms'; to: string; subject: string; body: string };

/** Outbound email and SMS. Real providers (SMTP, Twilio) or, outside production, the dev outbox. */
export type Messenger = { send(message: OutboundMessage): Promise<void> };
