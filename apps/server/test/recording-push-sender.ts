import type { PushSendOutcome, PushSender, PushTarget } from '../src/push/push-sender';

/**
 * The one test double of the server tests: browser vendors' push services cannot be reached from here.
 * Records what would have been sent; `answer` decides what the "push service" replies per endpoint.
 */
export function recordingPushSender() {
  const sent: Array<{ target: PushTarget; payload: unknown }> = [];
  const replies = new Map<string, PushSendOutcome | Error>();
  const sender: PushSender = {
    async send(target, payload) {
      sent.push({ target, payload: JSON.parse(payload) });
      const reply = replies.get(target.endpoint) ?? 'sent';
      if (reply instanceof Error) throw reply;
      return reply;
    },
  };
  return {
    sender,
    sent,
    answer(endpoint: string, reply: PushSendOutcome | Error) {
      replies.set(endpoint, reply);
    },
  };
}
