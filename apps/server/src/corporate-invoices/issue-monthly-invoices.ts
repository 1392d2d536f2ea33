import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { inTransaction } from '../lib/transaction';
import { localDate } from '../payouts/local-dates';
import { previousMonth } from './invoices.repo';
import { companyForInvoices, issueInvoiceIn } from './issue-invoice';

/** Every hour at :41 (UTC): cities' months end at different instants; the first run after a city's local midnight issues. */
export const CORPORATE_INVOICES_CRON = '41 * * * *';

/**
 * The `corporate-invoices` job (decision 0070): for each company, the invoice of the month that just ended in
 * its city's time zone — once (`unique (company_id, period_start)`: a second run, process or retry issues
 * nothing more). A month without any ride on account issues no invoice. Answers the invoices it issued.
 */
export async function issueMonthlyInvoices(db: Kysely<DB>, now = new Date()) {
  const companies = await companyForInvoices(db).orderBy('c.id').execute();
  const issued: string[] = [];
  for (const company of companies) {
    const month = previousMonth(localDate(now, company.timezone));
    const done = await inTransaction(db, (trx) => issueInvoiceIn(trx, company, month, { by: null, now }));
    if (done.kind === 'issued') issued.push(done.id);
  }
  return issued;
}
