import { durationWords, publicText, type Money } from '@openride/shared/public/public-text';
import type { FareFormula, PublicCancellation, ServiceAreaCollection } from '@openride/shared/public/views';
import { formatMoney } from '@/lib/money';

export { formatMoney };

export const moneyOf =
  (currency: string): Money =>
  (cents) =>
    formatMoney(cents, currency);

/** "$2.50 base + $1.10/km + $0.30/min, minimum $8.00, plus a $2.50 booking fee" */
export const formulaWords = (fare: FareFormula, currency: string) => publicText.formula(fare, moneyOf(currency));

/** The cancellation and no-show rule of one ride type, sentence by sentence, with its numbers. */
export function cancellationWords(c: PublicCancellation, currency: string): string[] {
  const money = moneyOf(currency);
  const t = publicText.cancellation;
  const fee =
    c.fee_kind === 'fixed'
      ? c.fee_fixed_cents > 0
        ? t.fixedFee(money(c.fee_fixed_cents))
        : t.noFee
      : c.fee_percent_bp > 0 || c.fee_min_cents > 0
        ? t.percentFee(String(c.fee_percent_bp / 100), money(c.fee_min_cents), money(c.fee_max_cents))
        : t.noFee;
  const feeCharged = c.fee_kind === 'fixed' ? c.fee_fixed_cents > 0 : c.fee_percent_bp > 0 || c.fee_min_cents > 0;
  return [
    ...(feeCharged ? [t.freeWindow(durationWords(c.free_window_s))] : []),
    fee,
    t.noShow(durationWords(c.no_show_wait_s), c.no_show_fee_cents > 0 ? money(c.no_show_fee_cents) : ''),
    ...(feeCharged || c.no_show_fee_cents > 0 ? [t.lateDriver(durationWords(c.late_driver_margin_s))] : []),
  ];
}

type Corner = [number, number];

/** Every polygon of a city's service areas as [lat, lng] rings for the map: the outer ring, then the holes. */
export function areasForMap(collection: ServiceAreaCollection, fill: string) {
  return collection.features.flatMap((feature) => {
    const polygons = feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
    const toCorners = (ring: number[][]) => ring.map(([lng, lat]) => [lat!, lng!] as Corner);
    return polygons.map((rings, i) => ({
      id: `${feature.id}:${i}`,
      boundary: toCorners(rings[0]!),
      holes: rings.slice(1).map(toCorners),
      fill,
      opacity: 0.25,
      title: feature.properties.name,
    }));
  });
}
