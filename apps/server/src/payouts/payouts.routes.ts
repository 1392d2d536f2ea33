import {
  cashReceivedSchema,
  collectionsQuerySchema,
  createPayoutRunSchema,
  earningsQuerySchema,
  failPayoutSchema,
  markPaidSchema,
  payoutRunsQuerySchema,
  statementQuerySchema,
} from '@openride/shared/payouts/schemas';
import { emptyBodySchema } from '@openride/shared/contract';
import { isUuid } from '@openride/shared/text';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { requireAdmin } from '../http/require-admin';
import { csvCell } from '../lib/csv';
import { notFound } from '../lib/errors';
import { approvePayoutRun } from './approve-payout-run';
import { createPayoutRun } from './create-payout-run';
import { exportPayoutRun } from './export-payout-run';
import { failPayoutItem } from './fail-payout-item';
import { getDriverEarnings } from './get-driver-earnings';
import { getStatement, listStatements } from './get-statements';
import { listCollections } from './list-collections';
import { markRunPaid } from './mark-run-paid';
import { loadRun, loadRuns } from './payout-runs.repo';
import { recordCashReceived } from './record-cash-received';

const decimal = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** A driver's money (/driver-earnings) and the operator's payouts and collections (/driver-payouts), decision 0040. */
export function payoutRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();

  app.get('/api/drivers/me/earnings', async (c) => {
    const { period } = earningsQuerySchema.parse(c.req.query());
    return c.json(await getDriverEarnings(db, requireUser(c).id, period));
  });
  app.get('/api/drivers/me/statements', async (c) => c.json(await listStatements(db, requireUser(c).id)));
  app.get('/api/drivers/me/statements/:week', async (c) => {
    const { format } = statementQuerySchema.parse(c.req.query());
    const answer = await getStatement(db, requireUser(c).id, c.req.param('week'));
    if (format !== 'csv') return c.json(answer);
    // Amounts as the driver reads them: positive = owed to you, negative = you owe.
    const s = answer.statement;
    // Amounts are written as they are (a leading minus is a number here, not a formula); the rest through csvCell.
    const line = (cells: unknown[]) => `${cells.map((v) => (typeof v === 'string' && /^-?\d+\.\d{2}$/.test(v) ? v : csvCell(v))).join(',')}\r\n`;
    let body = `\uFEFF${line(['date', 'description', 'ride', 'amount_owed_to_you', 'balance_owed_to_you'])}`;
    body += line([s.week_start, 'Opening balance', '', '', decimal(-s.opening_cents)]);
    for (const l of answer.lines) body += line([l.at, l.description, l.ride_id ?? '', decimal(-l.amount_cents), decimal(-l.balance_cents)]);
    body += line([s.week_end, 'Closing balance', '', '', decimal(-s.closing_cents)]);
    return new Response(body, {
      headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="statement-${s.week_start}.csv"`, 'cache-control': 'no-store' },
    });
  });

  for (const path of ['/api/admin/payout-runs', '/api/admin/payout-runs/*', '/api/admin/payout-items/*', '/api/admin/collections', '/api/admin/collections/*']) app.use(path, requireAdmin(services));

  app.get('/api/admin/payout-runs', async (c) => c.json({ runs: await loadRuns(db, payoutRunsQuerySchema.parse(c.req.query())) }));
  app.post('/api/admin/payout-runs', async (c) => {
    const input = createPayoutRunSchema.parse(await c.req.json());
    return c.json({ run: await createPayoutRun(db, requireUser(c).id, input) }, 201);
  });
  app.get('/api/admin/payout-runs/:id', async (c) => {
    const id = c.req.param('id');
    const run = isUuid(id) ? await loadRun(db, id) : undefined;
    if (!run) throw notFound('No such payout run.');
    return c.json({ run });
  });
  app.post('/api/admin/payout-runs/:id/approve', async (c) => {
    emptyBodySchema.parse(await c.req.json());
    return c.json({ run: await approvePayoutRun(db, requireUser(c).id, c.req.param('id')) });
  });
  app.get('/api/admin/payout-runs/:id/export', async (c) => exportPayoutRun(db, requireUser(c).id, c.req.param('id')));
  app.post('/api/admin/payout-runs/:id/mark-paid', async (c) => {
    const input = markPaidSchema.parse(await c.req.json());
    return c.json({ run: await markRunPaid(db, requireUser(c).id, c.req.param('id'), input) });
  });
  app.post('/api/admin/payout-items/:id/fail', async (c) => {
    const input = failPayoutSchema.parse(await c.req.json());
    return c.json({ run: await failPayoutItem(db, requireUser(c).id, c.req.param('id'), input) });
  });

  app.get('/api/admin/collections', async (c) => c.json({ collections: await listCollections(db, collectionsQuerySchema.parse(c.req.query())) }));
  app.post('/api/admin/collections/:driverId/cash', async (c) => {
    const input = cashReceivedSchema.parse(await c.req.json());
    return c.json(await recordCashReceived(db, requireUser(c).id, c.req.param('driverId'), input));
  });

  return app;
}
