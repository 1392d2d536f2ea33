import { lazily } from '../lib/lazily';

/**
 * Masked calls between a ride's rider and driver (issue 17 §10, decision 0034). The provider rings the
 * caller first, from the platform's number; when they answer it dials the other party with the platform's
 * number as caller id. Neither ever sees the other's number.
 */
export type MaskedCall = {
  /** E.164 number of the person who tapped Call: rung first. */
  caller: string;
  /** E.164 number of the other party: dialled once the caller answers. */
  callee: string;
  /** What the caller hears before being connected. */
  greeting: string;
};

export type Telephony = { connect(call: MaskedCall): Promise<{ id: string }> };

export type TwilioTelephonyOptions = {
  accountSid: string;
  authToken: string;
  /** The platform's voice number (E.164): the caller id both parties see. */
  from: string;
  /** Tests only: where the REST API is (an in-process fake of the one endpoint used). */
  apiBaseUrl?: string;
};

/** The official Twilio client: one `POST /2010-04-01/Accounts/{sid}/Calls.json` per call, with inline TwiML. */
export function twilioTelephony(options: TwilioTelephonyOptions): Telephony {
  // The client (and its module, a tenth of a second) at the first call, not at every server start.
  const loaded = lazily(async () => {
    const { default: twilio } = await import('twilio');
    const client = twilio(options.accountSid, options.authToken);
    // The REST domain's base URL is a plain property of the client's `api` domain; only tests move it.
    if (options.apiBaseUrl) client.api.baseUrl = options.apiBaseUrl;
    return { twilio, client };
  });
  return {
    async connect(call) {
      const { twilio, client } = await loaded();
      const response = new twilio.twiml.VoiceResponse();
      response.say(call.greeting);
      response.dial({ callerId: options.from, timeout: 30 }, call.callee);
      const created = await client.calls.create({ to: call.caller, from: options.from, twiml: response.toString() });
      return { id: created.sid };
    },
  };
}
