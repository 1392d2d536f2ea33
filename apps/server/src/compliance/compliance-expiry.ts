import { complianceText } from '@openride/shared/compliance/compliance-text';
import { EXPIRY_REMINDER_DAYS, VALID_ITEM_STATUSES } from '@openride/shared/compliance/schemas';
import { driverCityText } from '@openride/shared/drivers/driver-city-text';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { announceDriverStatus, type PresencePorts, takeDriverOfflineIn } from '../driver-record/take-driver-offline';
import { inTransaction } from '../lib/transaction';
import { createNotification } from '../notifications/create-notification';
import { localDate } from '../payouts/local-dates';
import { complianceCityExpr, complianceCityOf, complianceOf, isCompliantIn } from './compliance.repo';
import type { Ports } from '../ports';

/** Every minute (UTC): pg-boss queues one `compliance-expiry` job per slot across all processes. */
export const COMPLIANCE_EXPIRY_CRON = '* * * * *';

type JobServices = Pick<Ports, 'db' | 'bus' | 'push'> & PresencePorts;
type City = Awaited<ReturnType<typeof complianceCityOf>>;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** The reminder a paper is due for with `daysLeft` to its last valid day: the smallest of 30, 7, 1 not below it. */
export const reminderDue = (daysLeft: number) => (daysLeft < 1 ? undefined : [...EXPIRY_REMINDER_DAYS].sort((a, b) => a - b).find((d) => daysLeft <= d));

/**
 * (a) Reminders 30, 7 and 1 days before the last valid day of approved documents and verified policies of
 * active vehicles (not replaced by a newer one). Each is claimed by its row in `compliance_reminders`
 * (subject, days) in the notification's transaction: a second run, process or retry sends nothing more. A
 * run that missed a day (the server was down) sends the reminder of the window it is in, once.
 */
export async function sendExpiryReminders(services: JobServices, now = new Date()) {
  const { db } = services;
  const window = (col: string) => sql<boolean>`${sql.ref(col)} between current_date - 1 and current_date + ${Math.max(...EXPIRY_REMINDER_DAYS) + 1}::int`;
  const [documents, policies] = await Promise.all([
    db
      .selectFrom('driver_documents as x')
      .innerJoin('drivers as d', 'd.id', 'x.driver_id')
      .select(['x.id', 'x.driver_id', 'x.kind', 'd.user_id', sql<string>`to_char(x.expires_on, 'YYYY-MM-DD')`.as('ends')])
      .where('x.status', '=', 'approved')
      .where('d.verification_status', '=', 'approved')
      .where(window('x.expires_on'))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('driver_documents as n')
              .select('n.id')
              .whereRef('n.driver_id', '=', 'x.driver_id')
              .whereRef('n.kind', '=', 'x.kind')
              .where('n.status', '=', 'approved')
              .whereRef('n.created_at', '>', 'x.created_at'),
          ),
        ),
      )
      .execute(),
    db
      .selectFrom('insurance_policies as x')
      .innerJoin('vehicles as v', (j) => j.onRef('v.id', '=', 'x.vehicle_id').on('v.active', '=', true))
      .innerJoin('drivers as d', 'd.id', 'x.driver_id')
      .select(['x.id', 'x.driver_id', sql<'insurance'>`'insurance'`.as('kind'), 'd.user_id', sql<string>`to_char(x.coverage_end, 'YYYY-MM-DD')`.as('ends')])
      .where('x.status', '=', 'verified')
      .where('d.verification_status', '=', 'approved')
      .where(window('x.coverage_end'))
      .execute(),
  ]);
  const cities = new Map<string, City>();
  const sent: Array<{ subject_id: string; days_before: number }> = [];
  for (const paper of [...documents, ...policies]) {
    if (!cities.has(paper.driver_id)) cities.set(paper.driver_id, await complianceCityOf(db, paper.driver_id));
    // A driver whose city is unknown (decision 0074) counts days in UTC: a day early or late at worst.
    const daysLeft = dayNumber(paper.ends) - dayNumber(localDate(now, cities.get(paper.driver_id)?.timezone ?? 'UTC'));
    const due = reminderDue(daysLeft);
    if (!due) continue;
    const notice = await inTransaction(db, async (trx) => {
      // Claimed already at this or a nearer reminder: nothing more for this window.
      const nearer = await trx
        .selectFrom('compliance_reminders')
        .select('days_before')
        .where('subject_id', '=', paper.id)
        .where('days_before', '<=', due)
        .executeTakeFirst();
      if (nearer) return null;
      const claimed = await trx
        .insertInto('compliance_reminders')
        .values({ subject_id: paper.id, days_before: due })
        .onConflict((oc) => oc.columns(['subject_id', 'days_before']).doNothing())
        .returning('subject_id')
        .executeTakeFirst();
      if (!claimed) return null;
      const label = complianceText.kinds[paper.kind];
      return createNotification(trx, services, {
        user_id: paper.user_id,
        booking_id: null,
        type: 'warning',
        title: `${label} expires soon`,
        message: complianceText.reminder(label, daysLeft, paper.ends),
        kind: 'document',
        link: paper.kind === 'insurance' ? '/vehicles' : '/driver-documents-upload',
      });
    });
    if (!notice) continue;
    await notice.publish();
    sent.push({ subject_id: paper.id, days_before: due });
  }
  return sent;
}

/** The paper behind a required kind that is not valid: the newest document of the kind, or the active vehicle's newest policy. */
async function subjectOf(db: Kysely<DB>, driverId: string, kind: string) {
  if (kind === 'insurance') {
    const p = await db
      .selectFrom('insurance_policies as p')
      .innerJoin('vehicles as v', (j) => j.onRef('v.id', '=', 'p.vehicle_id').on('v.active', '=', true))
      .select(['p.id', 'p.status'])
      .where('p.driver_id', '=', driverId)
      .where('p.status', 'in', ['verified', 'rejected'])
      .orderBy('p.reviewed_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return p ? { id: p.id, revoked: p.status === 'rejected' } : undefined;
  }
  const d = await db
    .selectFrom('driver_documents')
    .select(['id', 'status'])
    .where('driver_id', '=', driverId)
    .where('kind', '=', kind as 'driver_licence')
    .where('status', 'in', ['approved', 'rejected'])
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return d ? { id: d.id, revoked: d.status === 'rejected' } : undefined;
}

/**
 * (b) for one driver: if online and not compliant in their own city (`isCompliantIn`, re-checked in the update
 * under the driver's lock, in decision 0021's order; a city unknown is never compliant), take them offline — an open offer is handed back, a
 * ride in progress finishes (only the availability flips) — and tell them why: one notice per paper that
 * lapsed (claimed in `compliance_reminders` with days_before 0), or one general notice when none can be
 * named (a kind newly required and never uploaded). Answers whether they were taken offline.
 */
export async function holdIfNotCompliant(services: JobServices, driverId: string) {
  const { db } = services;
  const driver = await db.selectFrom('drivers').select(['id', 'user_id', 'status']).where('id', '=', driverId).executeTakeFirst();
  if (!driver || driver.status !== 'available') return false;
  // The driver's own city (decision 0074), read in the statement: unknown (null) is never compliant.
  const inOwnCity = isCompliantIn(complianceCityExpr);
  // The cheap check first: most online drivers are compliant.
  const held = await db
    .selectFrom('drivers')
    .select('id')
    .where('id', '=', driverId)
    .where(sql<boolean>`not ${inOwnCity}`)
    .executeTakeFirst();
  if (!held) return false;
  const compliance = await complianceOf(db, driverId);
  const lapsed = compliance.items.filter((i) => i.required && !VALID_ITEM_STATUSES.includes(i.status));
  const subjects = await Promise.all(lapsed.map(async (item) => ({ item, subject: await subjectOf(db, driverId, item.kind) })));
  const result = await inTransaction(db, async (trx) => {
    const { updated, released } = await takeDriverOfflineIn(trx, driverId, sql<boolean>`drivers.status = 'available' and not ${inOwnCity}`);
    if (!updated) return null;
    const notices = [];
    for (const { item, subject } of subjects) {
      if (!subject) continue;
      const claimed = await trx
        .insertInto('compliance_reminders')
        .values({ subject_id: subject.id, days_before: 0 })
        .onConflict((oc) => oc.columns(['subject_id', 'days_before']).doNothing())
        .returning('subject_id')
        .executeTakeFirst();
      if (!claimed) continue;
      const message =
        subject.revoked || item.status !== 'expired'
          ? `${complianceText.holdReason(item.label, item.status, item)} You were taken offline.`
          : complianceText.takenOffline(item.label);
      notices.push(
        await createNotification(trx, services, {
          user_id: driver.user_id,
          booking_id: null,
          type: 'warning',
          title: 'You were taken offline',
          message,
          kind: 'document',
          link: '/driver-documents-upload',
        }),
      );
    }
    if (notices.length === 0) {
      // No city: the notice says to choose one, and leads to /driver where it is chosen.
      const message = compliance.city ? complianceText.onHold(compliance.hold_reasons) : driverCityText.unknown;
      const link = compliance.city ? '/driver-documents-upload' : '/driver';
      notices.push(
        await createNotification(trx, services, {
          user_id: driver.user_id,
          booking_id: null,
          type: 'warning',
          title: 'You were taken offline',
          message,
          kind: 'document',
          link,
        }),
      );
    }
    return { updated, released, notices };
  });
  if (!result) return false;
  for (const n of result.notices) await n.publish();
  await announceDriverStatus(services, driver.user_id, result.updated, result.released);
  return true;
}

/** (b) for every online driver: the sweep that makes an expiry, a revoke or a kind newly required take effect. */
export async function holdNonCompliantDrivers(services: JobServices) {
  const online = await services.db.selectFrom('drivers').select('id').where('status', '=', 'available').execute();
  const taken: string[] = [];
  for (const d of online) if (await holdIfNotCompliant(services, d.id)) taken.push(d.id);
  return taken;
}

/** The `compliance-expiry` job: reminders, then the hold. */
export async function runComplianceExpiry(services: JobServices, now = new Date()) {
  const reminders = await sendExpiryReminders(services, now);
  const offline = await holdNonCompliantDrivers(services);
  return { reminders, offline };
}
