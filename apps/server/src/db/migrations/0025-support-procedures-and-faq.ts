import { type Kysely, sql } from 'kysely';

/**
 * Support procedures and the public FAQ (issue 15, decision 0056).
 *
 * `support_procedures`: one row per version of a category's procedure, never updated or deleted; the newest
 * version of a category is its current procedure. `faq_entries`: the questions and answers of /help, ordered
 * by `position` within a topic. Both are seeded here with the defaults below (a fresh database has a
 * procedure for every category and a useful FAQ before any admin writes one); the seed is frozen with the
 * migration, and later edits are admins' (audited).
 */
const CATEGORIES = ['lost_item', 'fare_payment', 'safety', 'behaviour', 'app_problem', 'account', 'other'];
const TOPICS = ['booking', 'payments', 'safety', 'drivers', 'account'];

type Seed = { title: string; steps: string[]; replies: { title: string; body: string }[] };

const PROCEDURES: Record<string, Seed> = {
  lost_item: {
    title: 'Lost item',
    steps: [
      'Confirm the ride: find it from the ticket, check the rider was on it and the date and time match.',
      'Ask for a description of the item (what it is, colour, where in the car it was left).',
      'Contact the driver through the ticket: never give out either phone number.',
      'If the driver has the item, agree a place and time for the return through the ticket with both of them.',
      'Tell the rider about any return fee before the return is arranged, and record what was agreed in an internal note.',
      'Once the rider confirms they have the item back, resolve the ticket.',
    ],
    replies: [
      {
        title: 'We are on it',
        body: 'Thanks for letting us know. We have found your ride and are contacting your driver now. We will reply here as soon as we hear back; your phone number is not shared with the driver.',
      },
      {
        title: 'Item found: arranging the return',
        body: 'Good news: your driver has found the item. Please reply here with a place and time that suit you for the return, and we will confirm them with the driver.',
      },
      {
        title: 'Item not found',
        body: "We're sorry: your driver checked the car and did not find the item. If you think it was left on another ride, tell us which one and we'll check again.",
      },
    ],
  },
  fare_payment: {
    title: 'Fare or payment',
    steps: [
      "Open the ride's receipt and compare the fare with the quote the rider was given when booking.",
      'Check the route and time on the ride timeline for a detour, a long wait or a wrong destination.',
      'Check how it was paid (cash, card or wallet credit) and whether a tip, a cancellation or a no-show fee was charged.',
      'If a refund is due, approve it on /refund-management: a card ride is refunded to the card, a cash ride as wallet credit.',
      'Reply with what was found and what changes, then resolve the ticket.',
    ],
    replies: [
      {
        title: 'Checking the fare',
        body: "Thanks for reaching out. We're checking your ride's route and fare against the price you were quoted and will get back to you here shortly.",
      },
      {
        title: 'Refund approved',
        body: 'We have reviewed your ride and approved a refund. A card payment is refunded to the same card (it can take a few business days to show); a cash ride is refunded as wallet credit, which you can use on your next ride.',
      },
    ],
  },
  safety: {
    title: 'Safety (urgent)',
    steps: [
      'Treat this ticket as urgent: read it now, before any other ticket.',
      'If anyone may be in danger, tell the user to call the local emergency number at once.',
      'Call the rider or driver who reported it, and check the ride status and live position on /booking-management.',
      'If the ride is still under way and the user wants it to stop, cancel it from the booking with a reason.',
      'Escalate to the safety lead with the ride, the times and what the user said, and record it in an internal note.',
      'If the report is about a driver or rider, review their record and suspend or block them while it is investigated.',
      'Follow up with the user before resolving the ticket.',
    ],
    replies: [
      {
        title: 'We are handling this now',
        body: 'Thank you for telling us. Your safety comes first: if you are in danger right now, please call your local emergency number. A member of our team is looking at your ride now and will contact you shortly.',
      },
      {
        title: 'Follow-up after a safety report',
        body: 'We have reviewed what happened on your ride and taken action on the account involved. Thank you for reporting it. If anything else comes up, reply here and we will see it first.',
      },
    ],
  },
  behaviour: {
    title: 'Driver or rider behaviour',
    steps: [
      'Confirm the ride and who the report is about.',
      "Read the ride's chat and the ratings both ways for what was said.",
      "Check the other party's record: earlier reports and cancellations.",
      'Ask the other party for their side through the ticket if needed.',
      'Decide on an action (a warning, a suspension or a block, with a reason) and record it in an internal note.',
      'Reply to the reporter without sharing personal details of the other person, then resolve.',
    ],
    replies: [
      {
        title: 'Thanks for the report',
        body: "Thanks for telling us about this. Behaviour like this is not acceptable on OpenRide. We're reviewing the ride and will take action where needed. For privacy reasons we can't share the details of any action taken against another account.",
      },
      {
        title: 'Report reviewed',
        body: 'We have reviewed your report and taken the appropriate action. Thank you for helping keep OpenRide respectful for everyone.',
      },
    ],
  },
  app_problem: {
    title: 'App problem',
    steps: [
      'Ask what they were doing, what they expected and what happened instead, with the time.',
      'Ask which device and browser they use, and whether reloading the page or signing out and in again helps.',
      "If it is about a ride, check the ride's timeline for what the server recorded.",
      "Try to reproduce the problem; if you can, report it to the operator's technical team with the steps.",
      'Reply with a workaround if there is one, then resolve.',
    ],
    replies: [
      {
        title: 'Tell us more',
        body: 'Sorry the app gave you trouble. To help us find the cause, could you tell us what you were doing, what you saw, roughly when it happened, and which phone and browser you use?',
      },
      {
        title: 'Try reloading',
        body: 'Please try reloading the page, or signing out and back in. If the app is installed on your home screen, closing and reopening it gets the newest version. Let us know if the problem stays.',
      },
    ],
  },
  account: {
    title: 'Account',
    steps: [
      'Confirm the person writing owns the account: the ticket must come from the signed-in account, or the email on it.',
      'Find out what they need: sign-in trouble, a change of details, a blocked account, their data or deleting the account.',
      'Never change an email or phone number on request in a ticket: the user changes them in the app, with a code.',
      'For a blocked account, check the reason recorded on /customer-management before answering.',
      'Reply with the steps to take, then resolve.',
    ],
    replies: [
      {
        title: 'Signing in',
        body: 'You can sign in with your email and password, or with your phone number and a one-time code sent by SMS. If a code does not arrive, wait a minute and ask for a new one.',
      },
    ],
  },
  other: {
    title: 'Other',
    steps: [
      'Read the request and decide whether it belongs to another category; if so, follow that procedure.',
      "If it is about a ride, open the ride's timeline.",
      'Answer the question, or pass it to the right person and tell the user who will answer.',
      'Resolve the ticket once the user has their answer.',
    ],
    replies: [
      {
        title: 'Thanks for getting in touch',
        body: "Thanks for getting in touch. We've received your message and will reply here as soon as we can.",
      },
    ],
  },
};

const FAQ: Record<string, { q: string; a: string }[]> = {
  booking: [
    {
      q: 'How do I book a ride?',
      a: 'Open Book a ride, choose your pickup and destination, and pick a ride type (Economy, Comfort or XL): each shows its fare before you book. Choose how to pay and request the ride.\n\nNearby drivers are offered your ride one at a time. When one accepts, you see their name, car and plate, and follow them on the map as they come to you.',
    },
    {
      q: 'What is the ride PIN?',
      a: 'Every ride has a 4-digit PIN, shown on your trip screen once a driver accepts. Tell it to your driver when you get in: the driver can only start the trip with your PIN, so you know you are in the right car and the driver knows they have the right rider.',
    },
    {
      q: 'Can I cancel a ride? Does it cost anything?',
      a: "Cancelling is free until a driver accepts, and for a short time after. After that a late-cancel fee may apply, because the driver is already on the way to you. There is no fee if your driver is much later than promised, or if the driver cancels.\n\nIf you don't come to the pickup, the driver can cancel after waiting, and a no-show fee may be charged. The exact times and fees for your city are on the Pricing page.",
    },
    {
      q: 'Can someone follow my trip?',
      a: 'Yes. On your trip screen, Share trip gives you a link to send to anyone. It shows your ride live on a map, read-only and without signing in, and stops working shortly after the ride ends.',
    },
    {
      q: 'How do I contact my driver?',
      a: "While your driver is on the way and during the trip you can chat with them in the app. Where the operator has set up calls, you can also call them through the app: the call goes through a masked number, so neither of you sees the other's phone number.",
    },
    {
      q: 'How is the fare worked out?',
      a: 'A fare is a base price plus a price per kilometre and per minute, never less than the minimum, plus a booking fee. When many people ask for rides in an area and few drivers are free, a surge multiplier may raise the fare; you always see it before you book. The Pricing page lists the prices for your city.',
    },
  ],
  payments: [
    {
      q: 'How can I pay?',
      a: 'In cash to your driver (the default), by card, or with wallet credit. A card payment is authorised when you request the ride and charged when it ends.',
    },
    {
      q: 'What is wallet credit?',
      a: 'Money held for you by OpenRide, for example from a refund on a cash ride. When you choose to use it at booking, it is applied to your fare first.',
    },
    {
      q: 'Where can I find my receipts?',
      a: 'Payment history lists every charge and refund. Each ride has a receipt you can print or save as a PDF.',
    },
    {
      q: 'I think I was charged the wrong amount. What can I do?',
      a: 'Open the ride\'s receipt in Payment history and choose "Report a problem with this fare". Our team checks the ride and may refund all or part of it: a card ride is refunded to the card, a cash ride as wallet credit. You are told the outcome.',
    },
    {
      q: 'Can I tip my driver?',
      a: 'Yes, after the ride. A tip goes to your driver in full; it is charged to your card, paid from your wallet, or given in cash.',
    },
    {
      q: 'What happens if my card payment fails?',
      a: 'If your card is declined when the ride ends, the amount is kept as owed and added to your next ride, and you are told. You can pay it with another card or in cash on that ride.',
    },
  ],
  safety: [
    {
      q: 'How do I know I am getting into the right car?',
      a: 'Before you get in, check that the car, colour and plate match the ones on your trip screen, and that the driver knows your name. Then give your PIN: the trip cannot start without it.',
    },
    {
      q: 'How are drivers checked?',
      a: "Drivers apply with their vehicle's details and are approved by the operator running OpenRide in your city. Each city decides which papers are required (for example a driver's licence, vehicle registration, insurance and a background check); every paper is reviewed, and a driver whose required papers are missing or expired cannot go online.",
    },
    {
      q: 'Do drivers rate riders too?',
      a: 'Yes. After each trip the rider rates the driver and the driver rates the rider, from 1 to 5 stars, with an optional comment. Ratings help the operator keep the service safe and respectful.',
    },
    {
      q: 'What should I do if something goes wrong on a trip?',
      a: 'If you are in danger, call your local emergency number first. Then tell us through a support ticket in the Safety category: safety reports are treated as urgent.',
    },
  ],
  drivers: [
    {
      q: 'How do I become a driver?',
      a: "Apply on the Drive with OpenRide page with your details and your vehicle's. The operator reviews your application, and you upload the papers your city requires on Driver documents. Once you are approved and your papers are accepted, you can go online.",
    },
    {
      q: 'How do ride requests work?',
      a: "When you are online, a ride request appears with a few seconds to accept it. If you decline or let it expire, it goes to the next nearest driver. Once you accept, the app guides you to the pickup; you start the trip with the rider's PIN.",
    },
    {
      q: 'Which ride types can my car take?',
      a: 'Every verified car takes Economy rides. Comfort needs a newer car with enough seats, and XL a car with more seats; the exact rules are set per city. You are only offered the ride types your active car qualifies for.',
    },
    {
      q: 'How do I get paid?',
      a: "Driver earnings shows what you have earned per trip and per day, what you owe (such as commission on cash rides) or are owed, and a statement for every week. Payouts are made on your city's payout day. If you owe more than the city's limit for too long, you cannot go online until it is settled.",
    },
    {
      q: 'What happens when one of my documents expires?',
      a: 'You get reminders 30, 7 and 1 days before it ends. When a required paper expires you are taken offline until a new one is accepted; a ride already under way finishes first.',
    },
  ],
  account: [
    {
      q: 'How do I sign in?',
      a: 'With your email and password, or with your phone number and a one-time code sent by SMS.',
    },
    {
      q: 'Who runs OpenRide in my city?',
      a: 'OpenRide is open-source software. The service in your city is run by a local operator on their own servers: they set the prices, approve the drivers and answer your support requests.',
    },
    {
      q: 'What data is kept about me?',
      a: 'Your account details (name, email, phone), your rides (pickup, destination and the route driven), payments and refunds, ratings, and chat messages on your rides. The detailed route of a ride is deleted after a retention period (90 days unless the operator sets another).',
    },
    {
      q: 'How do I change my details or close my account?',
      a: 'Open Account settings from the account menu: change your name and photo, your phone (with a code sent to the new number), your email (with a link sent to the new address) and your password; download your data; or delete your account, which is not possible during a ride or while money is owed. For your security, support never changes an email address or phone number just because a message asks us to.',
    },
  ],
};

export async function up(db: Kysely<any>) {
  await sql`create table support_procedures (
    id uuid primary key default gen_random_uuid(),
    category text not null check (category in (${sql.join(CATEGORIES.map((c) => sql.lit(c)))})),
    version integer not null check (version >= 1),
    title text not null,
    steps jsonb not null,
    replies jsonb not null,
    created_by text,
    created_at timestamptz not null default now(),
    unique (category, version)
  )`.execute(db);

  await sql`create table faq_entries (
    id uuid primary key default gen_random_uuid(),
    topic text not null check (topic in (${sql.join(TOPICS.map((t) => sql.lit(t)))})),
    question text not null,
    answer text not null,
    position integer not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index faq_entries_topic_position on faq_entries (topic, position)`.execute(db);

  for (const category of CATEGORIES) {
    const p = PROCEDURES[category]!;
    await db
      .insertInto('support_procedures')
      .values({ category, version: 1, title: p.title, steps: JSON.stringify(p.steps), replies: JSON.stringify(p.replies) })
      .execute();
  }
  for (const topic of TOPICS) {
    const entries = FAQ[topic]!;
    await db
      .insertInto('faq_entries')
      .values(entries.map((e, i) => ({ topic, question: e.q, answer: e.a, position: i + 1 })))
      .execute();
  }
}

export async function down(db: Kysely<any>) {
  await sql`drop table faq_entries`.execute(db);
  await sql`drop table support_procedures`.execute(db);
}
