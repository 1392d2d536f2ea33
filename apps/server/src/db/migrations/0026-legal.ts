import { type Kysely, sql } from 'kysely';

/**
 * /legal (issue 15, decision 0057): the Terms of Service and the Privacy Policy as versioned documents, the
 * newest version of a kind being the one in force, and each user's acceptance of each version.
 * - Versions are never edited: an admin publishes the next one (audited `legal.publish`).
 * - published_by has no foreign key, as the audit log's actor: the record outlives the admin's account.
 * - An acceptance belongs to its user (deleted with the account's row); one row per user, kind and version.
 * Version 1 of both is seeded here, in plain words matching what the product stores.
 */
export async function up(db: Kysely<any>) {
  await sql`create table legal_documents (
    kind text not null check (kind in ('terms', 'privacy')),
    version integer not null check (version >= 1),
    body text not null check (char_length(body) between 1 and 50000),
    published_at timestamptz not null default now(),
    published_by text,
    primary key (kind, version)
  )`.execute(db);
  await sql`create table legal_acceptances (
    user_id text not null references "user" ("id") on delete cascade,
    kind text not null,
    version integer not null,
    accepted_at timestamptz not null default now(),
    primary key (user_id, kind, version),
    foreign key (kind, version) references legal_documents (kind, version)
  )`.execute(db);
  await db
    .insertInto('legal_documents')
    .values([
      { kind: 'terms', version: 1, body: TERMS_V1 },
      { kind: 'privacy', version: 1, body: PRIVACY_V1 },
    ])
    .execute();
}

export async function down(db: Kysely<any>) {
  await sql`drop table legal_acceptances`.execute(db);
  await sql`drop table legal_documents`.execute(db);
}

const TERMS_V1 = `These terms are the agreement between you and the operator that runs this OpenRide service in your city. By creating an account you agree to them.

## The service
OpenRide connects riders with independent drivers nearby. The operator reviews drivers, sets the prices and rules of each city, and answers questions and complaints.

## Your account
- Give your real name and a phone number you can be reached on.
- Keep your password to yourself. You are responsible for what is done with your account.
- You must be old enough to make this agreement where you live.

## Rides and fares
- The fare is shown before you book, including any surge; the fare you book is the fare you pay, unless the trip changes.
- Cancelling is free for a while after a driver accepts; after that, and when a rider does not come to the pickup, a fee may apply. The Pricing page shows the rules of your city.
- Pay in cash to the driver or by card where the city accepts cards. A card payment that fails is owed and is added to your next ride.
- Refunds are decided by the operator; an approved refund goes back to your card or to your OpenRide credit.

## Behaviour
- Treat drivers and riders with respect. No violence, threats, harassment or discrimination.
- Give your ride PIN only to the driver of your ride.
- The operator may block an account that breaks these terms, and drivers may be suspended.

## Drivers
Drivers apply in the app and go online only once approved, and only while their documents and insurance are valid. Earnings, fees and payouts are shown in the driver's account.

## Changes
When these terms change, you are asked to agree to the new version the next time you open the app. Earlier versions stay on record.

## Contact
Questions about these terms: use the Contact page.`;

const PRIVACY_V1 = `This policy says what this OpenRide service stores about you, why, and for how long. The service is run by the operator of your city on its own servers; your data is not shared with other OpenRide services.

## What we store
- Account: your name, email address, phone number, and your password as a secure hash (never the password itself).
- Rides: pickup and destination, the times of each step, the fare and how it was calculated, ratings and comments, and the chat messages between rider and driver.
- Locations: while a ride is under way, the driver's position along the route (so the rider and anyone they share the trip with can follow it). A driver's position is used while they are online to offer them rides.
- Payments: every fare, fee, tip, refund and payout is an entry in a ledger. Entries are never edited or deleted; a correction is a new entry. Card details are held by the card processor, not by us.
- Drivers: the application (licence number, vehicle), vehicle and document files uploaded for review, and insurance policies. Photos are re-encoded when uploaded and their location data is removed.
- Notifications: the messages we send you, and the devices you allowed to receive push notifications.
- Sign-in: your sessions, and one-time codes sent by SMS or email.
- The Terms of Service and Privacy Policy versions you agreed to, and when.

## Why
To arrange and price rides, pay drivers, keep riders and drivers safe, answer support questions, and meet the law's rules about payments and records.

## Who sees it
- Your driver or rider sees your first name, the last four digits of your phone number, and the pickup and destination, only for the ride you share.
- The operator's staff see what they need to run the service and to answer complaints; their changes are recorded in an audit log.
- Providers the operator uses to send SMS, email and push notifications, take card payments or make masked calls receive only what each message, payment or call needs.

## How long
- Route points of rides are deleted after a set number of days (90 unless the operator sets another period).
- Expired sessions and one-time codes are deleted within the hour.
- Rides and payments are kept as long as the law requires records of payments.

## Your choices
You can see your rides, payments and notifications in the app. To ask for a copy of your data, a correction or the closing of your account, use the Contact page.

## Changes
When this policy changes, you are asked to agree to the new version the next time you open the app. Earlier versions stay on record.`;
