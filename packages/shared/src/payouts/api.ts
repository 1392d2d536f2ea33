import { z } from 'zod';
import { defineRoutes, emptyBodySchema } from '../contract';
import {
  cashReceivedSchema,
  collectionsQuerySchema,
  createPayoutRunSchema,
  earningsQuerySchema,
  failPayoutSchema,
  markPaidSchema,
  payoutRunsQuerySchema,
  statementQuerySchema,
  statementWeekParamsSchema,
} from './schemas';
import {
  cashReceivedResponseSchema,
  collectionsResponseSchema,
  driverEarningsSchema,
  payoutRunResponseSchema,
  payoutRunsResponseSchema,
  statementResponseSchema,
  statementsResponseSchema,
} from './views';

const adminRefusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an administrator' } } as const;
const driverRefusals = {
  401: { description: 'Not signed in' },
  403: { description: 'No driver record (FORBIDDEN), or the newest one is not approved (DRIVER_NOT_APPROVED)' },
} as const;

/** A driver's money and the operator's payouts and collections (issue 13, decision 0040). */
export const payoutRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/drivers/me/earnings',
    tag: 'payouts',
    summary: "The signed-in driver's earnings, trips and balance",
    description:
      "Only the caller's own driver record: there is no way to name another. Today, this week and this month in the city's time zone, the period's days and rides, and the balance of the driver's ledger account with what happens next. Every figure is a sum of ledger entries.",
    auth: 'driver',
    request: { query: earningsQuerySchema },
    responses: { 200: { description: 'The earnings', schema: driverEarningsSchema }, 400: { description: 'Unknown period' }, ...driverRefusals },
  },
  {
    method: 'GET',
    path: '/api/drivers/me/statements',
    tag: 'payouts',
    summary: "The signed-in driver's weekly statements (the last 12 weeks)",
    auth: 'driver',
    responses: { 200: { description: 'Newest week first', schema: statementsResponseSchema }, ...driverRefusals },
  },
  {
    method: 'GET',
    path: '/api/drivers/me/statements/:week',
    tag: 'payouts',
    summary: 'One weekly statement with its transactions (`format=csv`: a download)',
    description: 'The week starts on the Monday given (a local date, YYYY-MM-DD).',
    auth: 'driver',
    request: { params: statementWeekParamsSchema, query: statementQuerySchema },
    responses: {
      200: { description: 'The statement', schema: statementResponseSchema, csv: true },
      400: { description: 'Not a Monday, or in the future' },
      ...driverRefusals,
    },
  },
  {
    method: 'GET',
    path: '/api/admin/payout-runs',
    tag: 'payouts',
    summary: 'Payout runs, newest first (previews, approved, closed), with their items',
    description: 'The last 50 runs (bounded: one list, not a page).',
    auth: 'admin',
    request: { query: payoutRunsQuerySchema },
    responses: { 200: { description: 'The runs', schema: payoutRunsResponseSchema }, ...adminRefusals },
  },
  {
    method: 'POST',
    path: '/api/admin/payout-runs',
    tag: 'payouts',
    summary: 'Preview a payout run now: every driver of the city owed at least the minimum',
    description:
      "Posts nothing. An earlier on-demand preview of the city still waiting is discarded. Scheduled runs are made by the `payout-schedule` job on the city's payout weekday. Audited (`payout_run.create`).",
    auth: 'admin',
    request: { body: createPayoutRunSchema },
    responses: { 201: { description: 'The preview', schema: payoutRunResponseSchema }, 400: { description: 'Unknown city' }, ...adminRefusals },
  },
  {
    method: 'GET',
    path: '/api/admin/payout-runs/:id',
    tag: 'payouts',
    summary: 'One payout run with its items',
    auth: 'admin',
    request: { params: z.object({ id: z.string() }) },
    responses: { 200: { description: 'The run', schema: payoutRunResponseSchema }, 404: { description: 'No such run' }, ...adminRefusals },
  },
  {
    method: 'POST',
    path: '/api/admin/payout-runs/:id/approve',
    tag: 'payouts',
    summary: 'Approve a preview: post each payout (driver → payouts in flight)',
    description:
      'In one transaction, per driver under a lock on their account: pays what the preview said or what they are owed now, whichever is less (nothing if no longer owed the minimum: skipped). Two runs approved at once never pay a driver twice; approving a run twice posts once (the second answers the run as it is). Audited (`payout_run.approve`).',
    auth: 'admin',
    request: { params: z.object({ id: z.string() }), body: emptyBodySchema },
    responses: {
      200: { description: 'The approved run', schema: payoutRunResponseSchema },
      404: { description: 'No such run' },
      409: { description: 'The preview was discarded' },
      ...adminRefusals,
    },
  },
  {
    method: 'GET',
    path: '/api/admin/payout-runs/:id/export',
    tag: 'payouts',
    summary: "The bank's file of an approved run (CSV: driver name, amount, currency, reference)",
    description: 'Audited (`payout_run.export`).',
    auth: 'admin',
    request: { params: z.object({ id: z.string() }) },
    responses: {
      200: { description: 'The CSV', contentType: 'text/csv' },
      404: { description: 'No such run' },
      409: { description: 'Still a preview: approve it first' },
      ...adminRefusals,
    },
  },
  {
    method: 'POST',
    path: '/api/admin/payout-runs/:id/mark-paid',
    tag: 'payouts',
    summary: 'The bank paid the run: every pending item is paid (payouts in flight → bank)',
    description: "With the bank's reference. Audited (`payout_run.mark_paid`). A run whose items are all paid or failed is closed.",
    auth: 'admin',
    request: { params: z.object({ id: z.string() }), body: markPaidSchema },
    responses: {
      200: { description: 'The run', schema: payoutRunResponseSchema },
      400: { description: 'No reference (nothing changes)' },
      404: { description: 'No such run' },
      409: { description: 'Not approved, or nothing pending' },
      ...adminRefusals,
    },
  },
  {
    method: 'POST',
    path: '/api/admin/payout-items/:id/fail',
    tag: 'payouts',
    summary: "A payout failed or came back: the amount returns to the driver's balance",
    description:
      'A pending item: its payout transaction is reversed. A paid one (returned by the bank): the bank is debited and the driver credited. Once per item. Audited (`payout_item.fail`).',
    auth: 'admin',
    request: { params: z.object({ id: z.string() }), body: failPayoutSchema },
    responses: {
      200: { description: 'The run', schema: payoutRunResponseSchema },
      400: { description: 'No reason (nothing changes)' },
      404: { description: 'No such item' },
      409: { description: 'Not pending or paid (a preview, skipped or already failed)' },
      ...adminRefusals,
    },
  },
  {
    method: 'GET',
    path: '/api/admin/collections',
    tag: 'payouts',
    summary: 'Drivers who owe, with what they owe by age and whether they may go online',
    description: 'Most owed first. Age is that of the oldest unpaid part, paying off the oldest debits first.',
    auth: 'admin',
    request: { query: collectionsQuerySchema },
    responses: { 200: { description: 'The drivers who owe', schema: collectionsResponseSchema }, ...adminRefusals },
  },
  {
    method: 'POST',
    path: '/api/admin/collections/:driverId/cash',
    tag: 'payouts',
    summary: 'Record cash a driver handed in (bank → driver)',
    description:
      'At most what they owe. Posts `driver.cash_received` under a lock on their account; the same `request_id` posts once. A driver back within the limit may go online at once. Audited (`driver.cash_received`).',
    auth: 'admin',
    request: { params: z.object({ driverId: z.string() }), body: cashReceivedSchema },
    responses: {
      200: { description: 'What they owe now', schema: cashReceivedResponseSchema },
      400: { description: 'More than they owe, or a bad amount or reference (nothing changes)' },
      404: { description: 'No such driver' },
      ...adminRefusals,
    },
  },
]);
