import { paymentHistoryRoutes as paymentHistoryContract } from '@openride/shared/payment-history/api';
import { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { mounter } from '../http/mount';
import { listPaymentHistory } from './list-payment-history';
import { moneyReceipt, receiptRideFor } from './money-receipt';
import { receiptPdf } from './receipt-pdf';
import type { Ports } from '../ports';

/** What these routes use (issue 28 §2): named here, not taken from the composition root's whole Services. */
type RouteDeps = Pick<Ports, 'db'>;

/** The rider's money pages (decision 0039): /payment-history, a receipt per ride and its PDF. */
export function paymentHistoryRoutes(services: RouteDeps) {
  const app = new Hono<AppEnv>();
  const on = mounter(app, services, paymentHistoryContract);

  on('GET /api/payments/history', async ({ user, query }) => ({ status: 200, body: await listPaymentHistory(services.db, user.id, query) }));

  /** Its rider (with the money) or its driver (the fare lines). */
  on('GET /api/rides/:id/receipt', async ({ user, params }) => {
    const found = await receiptRideFor(services, user.id, params.id, { admins: false, riderOnly: false });
    return { status: 200, body: { receipt: await moneyReceipt(services, found.row, found.viewer) } };
  });

  /** Its rider, or an admin. */
  on('GET /api/rides/:id/receipt.pdf', async ({ c, user, params }) => {
    const found = await receiptRideFor(services, user.id, params.id, { admins: true, riderOnly: true });
    const pdf = await receiptPdf(await moneyReceipt(services, found.row, found.viewer));
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="openride-receipt-${found.row.id.slice(0, 8)}.pdf"`,
      'cache-control': 'private, no-store',
    });
  });

  return app;
}
