import { type RideStatus, STATUS_LABELS } from '../rides/ride-state';
import { type TicketStatus, ticketNumber } from '../support/schemas';
import { supportText } from '../support/support-text';

/** Joins the parts a subtitle has, leaving out the missing ones; null when none is left. */
const line = (...parts: (string | null | undefined)[]) => parts.filter((p): p is string => Boolean(p && p.trim())).join(' · ') || null;

/**
 * How a record the console's search found reads (issue 29 §1): its title and the line under it, written by the
 * server so that every client says the same.
 */
export const searchHitText = {
  ride: (id: string) => `Ride ${id.slice(0, 8)}`,
  rideSubtitle: (r: { riderName: string; status: RideStatus; pickup: string | null; dropoff: string | null }) =>
    line(r.riderName, STATUS_LABELS[r.status], r.pickup && r.dropoff ? `${r.pickup} → ${r.dropoff}` : (r.pickup ?? r.dropoff)),
  rider: (r: { email: string; phone: string | null }) => line(r.email, r.phone),
  driver: (d: { plate: string; vehicle: string; email: string; phone: string }) => line(d.plate, d.vehicle, d.email, d.phone),
  ticket: (t: { number: number; status: TicketStatus; requester: string | null }) =>
    line(ticketNumber(t.number), supportText.adminStatuses[t.status], t.requester),
  promotion: (p: { status: string | null; city: string | null; description: string | null }) => line(p.status, p.city, p.description),
  company: (c: { city: string | null; email: string }) => line(c.city, c.email),
};
