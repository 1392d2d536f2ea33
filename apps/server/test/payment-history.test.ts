import { formatDateTimeIn } from '@openride/shared/time';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { rideMoney } from '../src/ledger/ride-money';
import type { TestClient } from './http-client';
import { type RideSuite, useRideSuite } from './ride-suite';
import { FERRY_BUILDING, newUser, nextOffer, UNION_SQUARE } from './ride-actors';
import type { TestServer } from './test-server';

/**
 * The rider's money pages (issue 13, decision 0039): /payment-history's list from the ledger, newest first, a
 * page at a time, with the wallet balance and what the rider owes; the receipt with the ledger's figures and
 * its PDF. Only ever the rider's own (an admin reads the PDF too).
 */
let server: TestServer;
let admin: TestClient;
let rides: RideSuite['rides'];
useRideSuite('History Hank', (suite) => ({ server, admin, rides } = suite));

const ride = (id: string) => server.services.db.selectFrom('rides').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** Every text a PDF shows: its (deflated) content streams' strings, hex or literal, joined. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let out = '';
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = raw.indexOf('endstream', start);
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const tj of content.matchAll(/\[(.*?)\]\s*TJ|(<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\))\s*Tj/g)) {
      const parts = (tj[1] ?? tj[2]!).match(/<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)/g) ?? [];
      out +=
        parts.map((p) => (p.startsWith('<') ? Buffer.from(p.slice(1, -1), 'hex').toString('latin1') : p.slice(1, -1).replace(/\\(.)/g, '$1'))).join('') + '\n';
    }
  }
  return out;
}

async function fetchPdf(client: TestClient | null, rideId: string) {
  const res = await fetch(`${server.url}/api/rides/${rideId}/receipt.pdf`, { headers: client ? { cookie: client.cookieHeader } : {} });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

describe('payment history', () => {
  it('lists fares, fees and refunds newest first, page by page, with the wallet balance and what is owed', async () => {
    // Late cancels cost the Economy fee at once (no free window).
    const policy = (await admin.get('/api/admin/cancellation-policies?city=sf')).body.policies.find(
      (p: { ride_type: string; zone_id: string | null }) => p.ride_type === 'economy' && p.zone_id === null,
    );
    const terms = Object.fromEntries(
      [
        'free_window_s',
        'fee_kind',
        'fee_fixed_cents',
        'fee_percent_bp',
        'fee_min_cents',
        'fee_max_cents',
        'no_show_wait_s',
        'no_show_fee_cents',
        'late_driver_margin_s',
        'driver_share_late_cancel_pct',
        'driver_share_no_show_pct',
      ].map((k) => [k, policy[k]]),
    );
    expect(
      (
        await admin.request(`/api/admin/cancellation-policies/${policy.id}`, {
          method: 'PUT',
          json: { ...terms, free_window_s: 0, fee_kind: 'fixed', fee_fixed_cents: 500 },
        })
      ).status,
    ).toBe(200);

    const rider = await rides.riderWithRide('Hattie History');
    const first = await ride(rider.rideId);
    const empty = (await (await newUser(server, 'Nobody Yet')).client.get('/api/payments/history')).body;
    expect(empty).toEqual({ items: [], next_cursor: null, balances: [] });

    // A late cancel: $5 owed.
    await rides.driver().locate({ lat: UNION_SQUARE.lat + 0.0027, lng: UNION_SQUARE.lng });
    const booked = (await rider.client.post('/api/rides', { pickup: UNION_SQUARE, destination: FERRY_BUILDING, ride_type: 'economy', payment_method: 'cash' }))
      .body.ride;
    await nextOffer(rides.driver(), booked.id);
    expect((await rides.driver().client.post(`/api/rides/${booked.id}/accept`, {})).status).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    expect((await rider.client.post(`/api/rides/${booked.id}/cancel`, {})).status).toBe(200);
    let history = (await rider.client.get('/api/payments/history')).body;
    expect(history.balances).toEqual([{ currency: 'USD', wallet_cents: 0, owed_cents: 500 }]);
    expect(history.items.map((i: { kind: string }) => i.kind)).toEqual(['cancellation_fee', 'fare']);
    expect(history.items[0]).toMatchObject({ amount_cents: -500, methods: ['owed'], ride: { id: booked.id, status: 'cancelled' } });
    expect(history.items[1]).toMatchObject({
      amount_cents: -first.fare_cents,
      methods: ['cash'],
      ride: { id: rider.rideId, pickup_label: 'Union Square' },
      refund_request: null,
    });

    // The next ride carries the fee: paid with it, nothing owed any more.
    const second = await rides.complete(rider.client);
    const secondRow = await ride(second);
    expect(secondRow.carried_fee_cents).toBe(500);
    // A refund request, approved in part as wallet credit.
    const request = (await rider.client.post(`/api/rides/${rider.rideId}/refund-requests`, { reason: 'route_longer', amount_cents: 120 })).body.request;
    expect((await admin.post(`/api/admin/refund-requests/${request.id}/decision`, { action: 'credit', bearer: 'platform', amount_cents: 120 })).status).toBe(
      200,
    );

    history = (await rider.client.get('/api/payments/history')).body;
    expect(history.balances).toEqual([{ currency: 'USD', wallet_cents: 120, owed_cents: 0 }]);
    expect(history.items.map((i: { kind: string }) => i.kind)).toEqual(['refund', 'fare', 'cancellation_fee', 'fare']);
    expect(history.items[0]).toMatchObject({
      amount_cents: 120,
      methods: ['wallet'],
      ride: { id: rider.rideId },
      refund_request: { id: request.id, status: 'credited', refunded_cents: 120 },
    });
    expect(history.items[1]).toMatchObject({ amount_cents: -(secondRow.fare_cents + 500), ride: { id: second } });

    // Page by page, nothing repeated or skipped.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { id: string }[]; next_cursor: string | null } = (
        await rider.client.get(`/api/payments/history?limit=1${cursor ? `&cursor=${cursor}` : ''}`)
      ).body;
      expect(page.items).toHaveLength(1);
      seen.push(page.items[0]!.id);
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(history.items.map((i: { id: string }) => i.id));
    expect((await rider.client.get('/api/payments/history?cursor=nonsense')).status).toBe(400);
    expect((await rider.client.get('/api/payments/history?limit=500')).status).toBe(400);
    expect((await server.client().get('/api/payments/history')).status).toBe(401);
  });

  it("never shows one rider's payments to another, not even by a ride id", async () => {
    const owner = await rides.riderWithRide('Private Pia');
    const other = await newUser(server, 'Peeking Pete');
    await owner.client.post(`/api/rides/${owner.rideId}/refund-requests`, { reason: 'other' });
    expect((await other.client.get('/api/payments/history')).body.items).toEqual([]);
    expect((await other.client.get(`/api/payments/history?ride_id=${owner.rideId}`)).body.items).toEqual([]);
    expect((await other.client.get(`/api/rides/${owner.rideId}/receipt`)).status).toBe(404);
    expect((await fetchPdf(other.client, owner.rideId)).status).toBe(404);
    // The driver reads the fare lines, never the rider's money or requests; and no PDF.
    const asDriver = (await rides.driver().client.get(`/api/rides/${owner.rideId}/receipt`)).body.receipt;
    expect(asDriver).toMatchObject({ money: null, refund_requests: [], report_until: null });
    expect((await fetchPdf(rides.driver().client, owner.rideId)).status).toBe(404);
    expect((await fetchPdf(null, owner.rideId)).status).toBe(401);
  });
});

describe('the receipt', () => {
  it('has the fare lines, surge, the payment and refunds from the ledger, and until when a problem can be reported', async () => {
    const rider = await rides.riderWithRide('Rene Receipt');
    const row = await ride(rider.rideId);
    const receipt = (await rider.client.get(`/api/rides/${rider.rideId}/receipt`)).body.receipt;
    const m = await rideMoney(server.services.db, row);
    expect(receipt.lines.reduce((s: number, l: { amount_cents: number }) => s + l.amount_cents, 0)).toBe(row.fare_cents);
    expect(receipt).toMatchObject({
      ride_type: 'economy',
      surge_multiplier: 1,
      money: { paid_cents: m.paid_cents, cash_cents: row.fare_cents, refunds: [] },
      refund_requests: [],
    });
    expect(new Date(receipt.report_until).getTime() - new Date(row.completed_at!).getTime()).toBe(30 * 86_400_000);
    const live = (await rider.client.post('/api/rides', { pickup: UNION_SQUARE, destination: FERRY_BUILDING, ride_type: 'economy', payment_method: 'cash' }))
      .body.ride;
    expect((await rider.client.get(`/api/rides/${live.id}/receipt`)).status).toBe(409);
    expect((await fetchPdf(rider.client, live.id)).status).toBe(409);
    await rider.client.post(`/api/rides/${live.id}/cancel`, {});
  });

  it('downloads as a real PDF holding the fare and the total, for its rider and for admins', async () => {
    const rider = await rides.riderWithRide('Paula Pdf');
    const row = await ride(rider.rideId);
    const request = (await rider.client.post(`/api/rides/${rider.rideId}/refund-requests`, { reason: 'driver_detour', amount_cents: 100 })).body.request;
    await admin.post(`/api/admin/refund-requests/${request.id}/decision`, { action: 'approve_partial', bearer: 'driver', amount_cents: 100 });
    for (const who of [rider.client, admin]) {
      const pdf = await fetchPdf(who, rider.rideId);
      expect(pdf.status).toBe(200);
      expect(pdf.type).toBe('application/pdf');
      expect(pdf.disposition).toMatch(/^attachment; filename="openride-receipt-/);
      expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.body.subarray(-6).toString('latin1')).toMatch(/%%EOF/);
      const text = pdfText(pdf.body);
      expect(text).toContain('Receipt');
      expect(text).toContain(rider.rideId);
      expect(text).toContain('Total');
      expect(text).toContain(money(row.fare_cents));
      expect(text).toContain(`-${money(100)}`);
      expect(text).toContain(money(row.fare_cents - 100));
      // Its date on San Francisco's clock, the zone named (issue 30 §4), not the server's UTC.
      expect(text).toContain(formatDateTimeIn(row.completed_at!, 'America/Los_Angeles').replace(/\u202f/g, ' '));
      expect(text).toMatch(/P[SD]T/);
    }
  });
});
