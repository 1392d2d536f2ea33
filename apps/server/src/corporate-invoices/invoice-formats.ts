import { corporateInvoicesText as text } from '@openride/shared/corporate-invoices/corporate-invoices-text';
import type { Invoice, InvoiceLine } from '@openride/shared/corporate-invoices/views';
import { csvCell } from '../lib/csv';
import { formatMoney, moneyDecimal } from '@openride/shared/money';
import { isoInZone } from '@openride/shared/time';

const moneyOf = (cents: number, currency: string) => formatMoney(cents, currency);
/** A line's date and time in the company's city time zone. */
const localTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date(iso))
    .replace(',', '');
const routeOf = (l: InvoiceLine) => (l.pickup || l.destination ? `${l.pickup ?? '—'} → ${l.destination ?? '—'}` : '');
const kindOf = (l: InvoiceLine) => text.kinds[l.kind] ?? l.kind;
/** The period as the invoice says it: the month's dates, or an interim one's start → issue instant (decision 0071), local time. */
const periodOf = (invoice: Invoice) =>
  invoice.kind === 'interim'
    ? text.interimPeriod(localTime(invoice.starts_at, invoice.time_zone), localTime(invoice.ends_at, invoice.time_zone))
    : `${invoice.period_start} – ${invoice.period_end}`;

/** The invoice's lines as CSV (same columns as the page) with a totals row and its period (monthly or interim); amounts as decimals in the invoice's currency. */
export function invoiceCsv(invoice: Invoice): string {
  const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
  // An amount as a plain decimal for a spreadsheet, by the currency's exponent (12.50, -3.00; ¥1050 as 1050).
  const decimal = (minor: number) => moneyDecimal(minor, invoice.currency);
  let out = `\uFEFF${line([text.date, 'Kind', text.member, text.route, text.expenseCode, `${text.fare} (${invoice.currency})`, `${text.tax} (${invoice.currency})`])}`;
  for (const l of invoice.lines)
    out += line([
      // Exports say the instant with the city's offset (issue 30 §4): 2026-12-02T10:45:00-08:00.
      isoInZone(l.posted_at, invoice.time_zone),
      kindOf(l),
      l.member_name,
      routeOf(l),
      l.expense_code,
      decimal(l.amount_cents),
      decimal(l.tax_cents),
    ]);
  out += line([text.totalsRow, '', '', '', '', decimal(invoice.fares_total_cents), decimal(invoice.tax_cents)]);
  out += line([text.totalDue, '', '', '', '', decimal(invoice.total_due_cents), '']);
  out += line([text.period, text.kindsOfInvoice[invoice.kind], periodOf(invoice), '', '', '', '']);
  return out;
}

/**
 * The invoice as a PDF, drawn as the receipt is (payment-history/receipt-pdf.ts: pdfkit's built-in Helvetica,
 * no fonts fetched): company, period, number, status, one row per line, totals — every amount the invoice's.
 */
export async function invoicePdf(invoice: Invoice): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `OpenRide invoice ${invoice.number}`, Author: 'OpenRide' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (cents: number) => moneyOf(cents, invoice.currency);
  const left = 48;
  const width = doc.page.width - 96;
  // Date, member, route, expense code, fare: column widths add up to the page's width.
  const cols = [78, 96, width - 78 - 96 - 80 - 76, 80, 76];
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - 96) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let x = left;
    let bottom = y;
    cells.forEach((cell, i) => {
      doc.text(cell, x, y, { width: cols[i]! - 6, align: i === cells.length - 1 ? 'right' : 'left' });
      bottom = Math.max(bottom, doc.y);
      x += cols[i]!;
    });
    doc.y = bottom + 4;
  };
  const total = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(11);
    doc.text(label, left, y, { width: width - 140 });
    doc.text(value, left + width - 140, y, { width: 140, align: 'right' });
    doc.y = Math.max(doc.y, y + 14) + 2;
  };

  doc.font('Helvetica-Bold').fontSize(20).text('OpenRide', left);
  doc
    .font('Helvetica')
    .fontSize(14)
    .text(`${invoice.kind === 'interim' ? text.interimTitle : text.title} ${invoice.number}`);
  doc.moveDown(0.5);
  doc.fontSize(10).fillColor('#444444');
  doc.text(`${text.billTo}: ${invoice.company_name} · ${invoice.billing_email}`);
  doc.text(`${text.period}: ${periodOf(invoice)} (${invoice.time_zone})`);
  doc.text(
    `${text.issuedAt}: ${invoice.issued_at.slice(0, 10)} · ${text.status}: ${text.statuses[invoice.status]}${invoice.paid_at ? ` ${invoice.paid_at.slice(0, 10)}` : ''}`,
  );
  doc.fillColor('#000000');
  doc.moveDown(0.8);

  row([text.date, text.member, text.route, text.expenseCode, text.fare], true);
  if (invoice.lines.length === 0) doc.font('Helvetica').fontSize(10).text(text.noLines, left);
  for (const l of invoice.lines) {
    const who = l.kind === 'ride.completed' ? (l.member_name ?? '—') : `${kindOf(l)}${l.member_name ? ` · ${l.member_name}` : ''}`;
    row([localTime(l.posted_at, invoice.time_zone), who, routeOf(l), l.expense_code ?? '', money(l.amount_cents)]);
  }
  doc.moveDown(0.6);
  total(`${text.rides}: ${invoice.rides_count}`, '');
  total(text.faresTotal, money(invoice.fares_total_cents));
  total(`${text.ofWhichTax}`, money(invoice.tax_cents));
  total(text.totalDue, money(invoice.total_due_cents), true);
  doc.moveDown(0.6);
  doc.font('Helvetica').fontSize(9).fillColor('#444444').text(text.taxNote, left, doc.y, { width });
  doc.end();
  return done;
}
