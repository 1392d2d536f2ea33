import { paymentHistoryText } from '@openride/shared/payment-history/payment-history-text';
import type { MoneyReceipt } from '@openride/shared/payment-history/views';
import { promotionsText } from '@openride/shared/promotions/promotions-text';
import { refundText } from '@openride/shared/refunds/refund-text';
import { RIDE_TYPE_NAMES } from '@openride/shared/rides/schemas';
import { formatMoney } from '@openride/shared/money';
import { formatDateTimeIn } from '@openride/shared/time';

const text = paymentHistoryText.receipt;

const moneyOf = (cents: number, currency: string) => formatMoney(cents, currency);

/**
 * The receipt as a PDF (decision 0039), drawn with pdfkit's built-in Helvetica (no font files, nothing
 * fetched): the same figures as the page — fare lines, surge, the promotion's line, total, tip, how it was paid, refunds and the
 * ride's refund requests — every amount from the receipt, whose money comes from the ledger.
 */
export async function receiptPdf(receipt: MoneyReceipt): Promise<Buffer> {
  // pdfkit (and its fonts' code) is loaded at the first PDF, not at every server start.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `OpenRide receipt ${receipt.ride_id}`, Author: 'OpenRide' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (cents: number) => moneyOf(cents, receipt.currency);
  // The ride's times on its city's clock, the zone named (issue 30 §4).
  // (Helvetica's WinAnsi has no narrow no-break space, which Intl puts before AM/PM: a plain space instead.)
  const when = (iso: string | null) => (iso ? formatDateTimeIn(iso, receipt.time_zone).replace(/\u202f/g, ' ') : '—');
  const width = doc.page.width - 112;
  const row = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(11);
    doc.text(label, 56, y, { width: width - 120 });
    const after = doc.y;
    doc.text(value, 56 + width - 120, y, { width: 120, align: 'right' });
    doc.y = Math.max(after, doc.y) + 4;
  };
  const heading = (title: string) => {
    doc.moveDown(0.6);
    doc.font('Helvetica-Bold').fontSize(13).text(title, 56);
    doc.moveDown(0.3);
  };

  doc.font('Helvetica-Bold').fontSize(20).text('OpenRide');
  doc.font('Helvetica').fontSize(14).text(text.title);
  doc.moveDown(0.5);
  doc.fontSize(10).fillColor('#444444');
  doc.text(`${text.ride}: ${receipt.ride_id}`);
  doc.text(`${text.date}: ${when(receipt.completed_at)}`);
  doc.text(`${text.from}: ${receipt.pickup.label ?? `${receipt.pickup.lat.toFixed(5)}, ${receipt.pickup.lng.toFixed(5)}`}`);
  doc.text(`${text.to}: ${receipt.destination.label ?? `${receipt.destination.lat.toFixed(5)}, ${receipt.destination.lng.toFixed(5)}`}`);
  doc.text(`${text.trip}: ${RIDE_TYPE_NAMES[receipt.ride_type]} · ${(receipt.distance_m / 1000).toFixed(1)} km · ${Math.round(receipt.duration_s / 60)} min`);
  doc.fillColor('#000000');

  heading(text.fare);
  for (const line of receipt.lines) row(line.label, money(line.amount_cents));
  if (receipt.surge_multiplier !== 1) row(text.surge(String(receipt.surge_multiplier)), '');
  if (receipt.promotion) row(promotionsText.receipt.line(receipt.promotion.code), `-${money(receipt.promotion.discount_cents)}`);
  const m = receipt.money;
  if (m) {
    if (m.carried_fee_cents) row(text.carried, money(m.carried_fee_cents));
    if (m.tip_cents) row(text.tip, money(m.tip_cents));
    row(text.total, money(receipt.total_cents ?? receipt.paid_fare_cents), true);
    heading(text.method);
    for (const p of receipt.payments) row(text.payments[p.kind], money(p.amount_cents));
    heading(text.refunds);
    if (m.refunds.length === 0) doc.font('Helvetica').fontSize(11).text(text.noRefunds, 56);
    for (const r of m.refunds) row(`${when(r.at)} · ${text.refundedTo(refundText.destinations[r.destination])}`, `-${money(r.amount_cents)}`);
    if (m.refunded_cents) row(text.paid, money(m.paid_cents - m.refunded_cents), true);
  } else {
    row(text.total, money(receipt.paid_fare_cents), true);
  }
  for (const r of receipt.refund_requests) {
    doc.moveDown(0.3);
    doc.font('Helvetica').fontSize(10).fillColor('#444444');
    doc.text(`${refundText.requestTitle} (${when(r.created_at)}): ${refundText.reasons[r.reason]} · ${refundText.statuses[r.status]}`, 56, doc.y, { width });
    doc.fillColor('#000000');
  }
  doc.end();
  return done;
}
