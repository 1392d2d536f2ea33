import { INVOICE_MACHINE } from '@openride/shared/corporate-invoices/invoice-state';
import type { MarkInvoicePaidInput } from '@openride/shared/corporate-invoices/schemas';
import { isUuid } from '@openride/shared/text';
import type { Kysely } from 'kysely';
import { recordAudit } from '../audit/record-audit';
import type { DB } from '../db/schema';
import { post } from '../ledger/ledger';
import { inTransaction } from '../lib/transaction';
import { conflict, loadInvoice, noSuchInvoice } from './invoices.repo';
import { move } from '../lib/move';

/**
 * The company paid the invoice (decision 0070): under the invoice's row lock, `issued` → `paid`, and the
 * payment is posted in the same transaction — `company.payment`, bank debit, company credit, line
 * `company_payment`, key `corporate_invoice:<id>:paid` — so two admins at once make one payment: the second
 * waits for the lock, then finds it paid (409). Audited `corporate_invoice.mark_paid`.
 */
export async function markInvoicePaid(db: Kysely<DB>, adminId: string, id: string, input: MarkInvoicePaidInput) {
  if (!isUuid(id)) throw noSuchInvoice();
  await inTransaction(db, async (trx) => {
    const invoice = await trx.selectFrom('corporate_invoices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!invoice) throw noSuchInvoice();
    if (invoice.status === 'paid') throw conflict(`${invoice.number} is paid already.`);
    if (invoice.status === 'void') throw conflict(`${invoice.number} is void: nothing to pay.`);
    const amount = Number(invoice.total_due_cents);
    const tx = await post(trx, {
      kind: 'company.payment',
      key: `corporate_invoice:${invoice.id}:paid`,
      currency: invoice.currency.trim(),
      city_id: invoice.city_id,
      created_by: adminId,
      memo: { invoice_id: invoice.id, number: invoice.number, company_id: invoice.company_id, reference: input.reference ?? null },
      entries: [
        { account: { code: 'bank' }, line: 'company_payment', amount_cents: amount },
        { account: { code: 'company', owner: invoice.company_id }, line: 'company_payment', amount_cents: -amount },
      ],
    });
    const paidAt = new Date();
    await move(trx, INVOICE_MACHINE, {
      table: 'corporate_invoices',
      id: invoice.id,
      to: 'paid',
      actor: 'admin',
      set: { paid_at: paidAt, paid_by: adminId, payment_transaction_id: tx.id },
    });
    await recordAudit(trx, {
      actorId: adminId,
      action: 'corporate_invoice.mark_paid',
      entityType: 'corporate_invoice',
      entityId: invoice.id,
      before: { status: invoice.status },
      after: { status: 'paid', paid_at: paidAt.toISOString(), amount_cents: amount, payment_transaction_id: tx.id, reference: input.reference ?? null },
    });
  });
  return (await loadInvoice(db, id))!;
}
