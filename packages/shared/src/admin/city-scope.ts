/**
 * Per-city scope (issue 29 §3, decision 0091): a staff member works on every city or on a list. The records a
 * console route acts on by id, each of which belongs to a city (directly, or through its ride or its
 * driver): a route names the kind in its contract entry (`cityOf`), and `mount` answers 404 to a staff
 * member of other cities, exactly as for an id nobody holds.
 */
export const CITY_RECORDS = [
  'city',
  'ride',
  'driver',
  'zone',
  'city_place',
  'promotion',
  'company',
  'corporate_invoice',
  'payout_run',
  'payout_item',
  'refund_request',
  'support_ticket',
  'sos_alert',
  'cancellation_policy',
  'referral',
  'vehicle',
  'document',
  'insurance_policy',
] as const;
export type CityRecord = (typeof CITY_RECORDS)[number];
