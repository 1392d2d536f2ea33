import { moneyDecimal } from '@openride/shared/money';
import { payoutRoutes as payoutContract } from '@openride/shared/payouts/api';
import { isUuid } from '@openride/shared/text';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
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
import type { Ports } from '../ports';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db'>;

/** A driver's money (/driver-earnings) and the operator's payouts and collections (/driver-payouts), decision 0040. */
export function payoutRoutes(services: RouteDeps) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, payoutContract);

  on('GET /api/drivers/me/earnings', async ({ user, query }) => ({ status: 200, body: await getDriverEarnings(db, user.id, query.period) }));
  on('GET /api/drivers/me/statements', async ({ user }) => ({ status: 200, body: await listStatements(db, user.id) }));
  on('GET /api/drivers/me/statements/:week', async ({ user, params, query: { format } }) => {
    const answer = await getStatement(db, user.id, params.week);
    if (format !== 'csv') return { status: 200, body: answer };
    // Amounts as the driver reads them: positive = owed to you, negative = you owe.
    const s = answer.statement;
    const decimal = (minor: number) => moneyDecimal(minor, s.currency);
    // Amounts are written as they are (a leading minus is a number here, not a formula); the rest through csvCell.
    const line = (cells: unknown[]) => `${cells.map((v) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? v : csvCell(v))).join(',')}\r\n`;
    let body = `\uFEFF${line(['date', 'description', 'ride', 'amount_owed_to_you', 'balance_owed_to_you'])}`;
    body += line([s.week_start, 'Opening balance', '', '', decimal(-s.opening_cents)]);
    for (const l of answer.lines) body += line([l.at, l.description, l.ride_id ?? '', decimal(-l.amount_cents), decimal(-l.balance_cents)]);
    body += line([s.week_end, 'Closing balance', '', '', decimal(-s.closing_cents)]);
    return new Response(body, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="statement-${s.week_start}.csv"`,
        'cache-control': 'no-store',
      },
    });
  });

  on('GET /api/admin/payout-runs', async ({ query, staff }) => ({ status: 200, body: { runs: await loadRuns(db, query, staff.cityIds) } }));
  on('POST /api/admin/payout-runs', async ({ user, body }) => ({ status: 201, body: { run: await createPayoutRun(db, user.id, body) } }));
  on('GET /api/admin/payout-runs/:id', async ({ params: { id } }) => {
    const run = isUuid(id) ? await loadRun(db, id) : undefined;
    if (!run) throw notFound('No such payout run.');
    return { status: 200, body: { run } };
  });
  on('POST /api/admin/payout-runs/:id/approve', async ({ user, params }) => ({ status: 200, body: { run: await approvePayoutRun(db, user.id, params.id) } }));
  on('GET /api/admin/payout-runs/:id/export', async ({ user, params }) => exportPayoutRun(db, user.id, params.id));
  on('POST /api/admin/payout-runs/:id/mark-paid', async ({ user, params, body }) => ({
    status: 200,
    body: { run: await markRunPaid(db, user.id, params.id, body) },
  }));
  on('POST /api/admin/payout-items/:id/fail', async ({ user, params, body }) => ({
    status: 200,
    body: { run: await failPayoutItem(db, user.id, params.id, body) },
  }));

  on('GET /api/admin/collections', async ({ query, staff }) => ({
    status: 200,
    body: { collections: await listCollections(db, query, new Date(), staff.cityIds) },
  }));
  on('POST /api/admin/collections/:driverId/cash', async ({ user, params, body }) => ({
    status: 200,
    body: await recordCashReceived(db, user.id, params.driverId, body),
  }));

  return app;
}
