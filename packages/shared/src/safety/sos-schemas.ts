import { z } from 'zod';
import { multilineText } from '../text';

/**
 * SOS (issue 15, decision 0061): a rider or driver presses SOS during a ride; operators are alerted at once
 * (an urgent Safety ticket, a live alert on every admin page) and the presser's emergency contacts are texted
 * a live share-trip link. An operator closes the alert with a note.
 */
export const SOS_STATUSES = ['open', 'resolved'] as const;
export type SosStatus = (typeof SOS_STATUSES)[number];
export const SOS_ROLES = ['rider', 'driver'] as const;
export type SosRole = (typeof SOS_ROLES)[number];
export const SOS_NOTE_MAX = 1000;

/** `POST /api/admin/sos/:id/resolve`: what was done, for the record (required). */
export const resolveSosSchema = z.strictObject({
  note: multilineText().trim().min(1, 'Say what was done.').max(SOS_NOTE_MAX, `At most ${SOS_NOTE_MAX} characters.`),
});
export type ResolveSosInput = z.infer<typeof resolveSosSchema>;

const iso = z.string();
export const sosPositionSchema = z.strictObject({ lat: z.number(), lng: z.number(), at: iso });
export type SosPosition = z.infer<typeof sosPositionSchema>;

/** The presser's own alert (the button's state). */
export const mySosAlertSchema = z.strictObject({
  id: z.string(),
  ride_id: z.string(),
  role: z.enum(SOS_ROLES),
  status: z.enum(SOS_STATUSES),
  created_at: iso,
});
export type MySosAlert = z.infer<typeof mySosAlertSchema>;

/** `GET /api/rides/:id/sos`: the caller's open alert on the ride, how many contacts a press would text, the number to call. */
export const mySosSchema = z.strictObject({
  alert: mySosAlertSchema.nullable(),
  contacts: z.number().int().min(0),
  emergency_number: z.string(),
});
export type MySos = z.infer<typeof mySosSchema>;

/** `POST /api/rides/:id/sos`: the alert; `repeated` when it was already open (nothing sent again). */
export const raiseSosResponseSchema = z.strictObject({
  alert: mySosAlertSchema,
  repeated: z.boolean(),
  contacts_texted: z.number().int().min(0),
  emergency_number: z.string(),
});
export type RaiseSosResponse = z.infer<typeof raiseSosResponseSchema>;

const personSchema = z.strictObject({ id: z.string(), name: z.string(), phone: z.string().nullable() });

/** An alert as operators read it: who, which ride, where the car is (the newest fix known), the ticket. */
export const adminSosAlertSchema = z.strictObject({
  id: z.string(),
  status: z.enum(SOS_STATUSES),
  role: z.enum(SOS_ROLES),
  raised_by: personSchema,
  ride: z.strictObject({
    id: z.string(),
    status: z.string(),
    pickup: z.string(),
    destination: z.string(),
    rider: personSchema,
    driver: personSchema.extend({ vehicle: z.string(), plate: z.string() }).nullable(),
  }),
  position: sosPositionSchema.nullable(),
  ticket: z.strictObject({ id: z.string(), number: z.string() }).nullable(),
  created_at: iso,
  resolved_at: iso.nullable(),
  resolved_by_name: z.string().nullable(),
  note: z.string().nullable(),
});
export type AdminSosAlert = z.infer<typeof adminSosAlertSchema>;

export const adminSosListSchema = z.strictObject({ alerts: z.array(adminSosAlertSchema) });
export type AdminSosList = z.infer<typeof adminSosListSchema>;
export const adminSosResponseSchema = z.strictObject({ alert: adminSosAlertSchema });
