import { createMessageDelivery } from './messaging/create-messenger';
import { settlePayment } from './payments/settle-payment';
import { PAYOUT_SCHEDULE_CRON, schedulePayoutRuns } from './payouts/schedule-payout-runs';
import { sendCardRefund } from './refunds/send-card-refund';
import { SHIFT_REMINDERS_CRON, sendShiftReminders } from './schedule/send-shift-reminders';
import { COMPLIANCE_EXPIRY_CRON, runComplianceExpiry } from './compliance/compliance-expiry';
import { alertOverdueTickets, SUPPORT_SLA_CRON } from './support/alert-overdue-tickets';
import { autoCloseTickets, SUPPORT_AUTO_CLOSE_CRON } from './support/auto-close-tickets';
import { RIDE_CHECK_CRON, runRideCheck } from './safety/run-ride-check';
import { CORPORATE_INVOICES_CRON, issueMonthlyInvoices } from './corporate-invoices/issue-monthly-invoices';
import { runRetention } from './jobs/run-retention';
import type { Ports } from './ports';
import type { Dispatcher } from './dispatch/dispatcher';
import type { DriverDirectory } from './dispatch/driver-directory';
import type { PaymentProvider } from './payments/provider';

/** Every hour at :17 (UTC); pg-boss queues one retention job per slot across all processes. */
export const RETENTION_CRON = '17 * * * *';

/**
 * This process's workers for every queue (decision 0027), started once the server listens. Any process
 * may run any job: they are in the database, not in the process that queued them.
 */
export async function startJobWorkers(
  services: Pick<Ports, 'env' | 'db' | 'logger' | 'jobs' | 'push' | 'bus'> & {
    payments: PaymentProvider | null;
    dispatcher: Dispatcher;
    drivers: DriverDirectory;
  },
) {
  const { env, db, logger, jobs } = services;
  await jobs.work('push-send', (data) => services.push.deliver(data), { workers: 2 });

  const deliverMessage = createMessageDelivery(env, db, logger);
  await jobs.work('message-send', async (message, job) => {
    await deliverMessage(message);
    // Sent: its text (a one-time code, a reset link) is not kept in the job tables.
    await jobs.deleteJob('message-send', job.id);
  });

  await jobs.work('payment-settle', (data) => settlePayment(services, data));
  await jobs.work('card-refund', (data) => sendCardRefund(services, data));

  await jobs.work('retention', async () => {
    const deleted = await runRetention(db, { breadcrumbDays: env.RETENTION_BREADCRUMB_DAYS });
    logger.info({ deleted }, 'retention: old rows deleted');
  });
  await jobs.schedule('retention', RETENTION_CRON);

  await jobs.work('payout-schedule', async () => {
    const made = await schedulePayoutRuns(db);
    if (made.length > 0) logger.info({ runs: made }, 'payouts: scheduled runs previewed');
  });
  await jobs.schedule('payout-schedule', PAYOUT_SCHEDULE_CRON);

  await jobs.work('shift-reminders', async () => {
    const sent = await sendShiftReminders(services);
    if (sent.length > 0) logger.info({ sent: sent.length }, 'schedule: shift reminders sent');
  });
  await jobs.schedule('shift-reminders', SHIFT_REMINDERS_CRON);

  await jobs.work('compliance-expiry', async () => {
    const done = await runComplianceExpiry(services);
    if (done.reminders.length > 0 || done.offline.length > 0)
      logger.info({ reminders: done.reminders.length, offline: done.offline.length }, 'compliance: reminders sent, drivers held');
  });
  await jobs.schedule('compliance-expiry', COMPLIANCE_EXPIRY_CRON);

  await jobs.work('support-auto-close', async () => {
    const closed = await autoCloseTickets(services);
    if (closed.length > 0) logger.info({ closed: closed.length }, 'support: resolved tickets closed');
  });
  await jobs.schedule('support-auto-close', SUPPORT_AUTO_CLOSE_CRON);

  await jobs.work('support-sla', async () => {
    const told = await alertOverdueTickets(services);
    if (told.length > 0) logger.info({ tickets: told.length }, 'support: overdue tickets told to operators');
  });
  await jobs.schedule('support-sla', SUPPORT_SLA_CRON);
  await jobs.work('ride-check', async () => {
    const asked = await runRideCheck(services);
    if (asked.length > 0) logger.info({ asked: asked.length }, 'safety: ride checks asked');
  });
  await jobs.schedule('ride-check', RIDE_CHECK_CRON);

  await jobs.work('corporate-invoices', async () => {
    const issued = await issueMonthlyInvoices(db);
    if (issued.length > 0) logger.info({ issued: issued.length }, 'corporate invoices: monthly invoices issued');
  });
  await jobs.schedule('corporate-invoices', CORPORATE_INVOICES_CRON);
}
