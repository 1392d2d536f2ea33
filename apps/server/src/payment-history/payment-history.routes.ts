import { paymentHistoryQuerySchema } from '@openride/shared/payment-history/api';
import { Hono } from 'hono';
import { type AppEnv, requireUser, type Services } from '../http/context';
import { listPaymentHistory } from './list-payment-history';
import { moneyReceipt, receiptRideFor } from './money-receipt';
import { receiptPdf } from './receipt-pdf';

/** The rider's money pages (decision 0039): /payment-history, a receipt per ride and its PDF. */
export function paymentHistoryRoutes(services: Services) {
  const app = new Hono<AppEnv>();

  app.get('/api/payments/history', async (c) => {
    const user = requireUser(c);
    const query = paymentHistoryQuerySchema.parse(c.req.query());
    return c.json(await listPaymentHistory(services.db, user.id, query));
  });

  /** Its rider (with the money) or its driver (the fare lines). */
  app.get('/api/rides/:id/receipt', async (c) => {
    const user = requireUser(c);
    const found = await receiptRideFor(services, user.id, c.req.param('id'), { admins: false, riderOnly: false });
    return c.json({ receipt: await moneyReceipt(services, found.row, found.viewer) });
  });

  /** Its rider, or an admin. */
  app.get('/api/rides/:id/receipt.pdf', async (c) => {
    const user = requireUser(c);
    const found = await receiptRideFor(services, user.id, c.req.param('id'), { admins: true, riderOnly: true });
    const pdf = await receiptPdf(await moneyReceipt(services, found.row, found.viewer));
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="openride-receipt-${found.row.id.slice(0, 8)}.pdf"`,
      'cache-control': 'private, no-store',
    });
  });

  return app;
}
