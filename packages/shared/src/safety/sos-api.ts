import { defineRoutes, idParamsSchema } from '../contract';
import { adminSosListSchema, adminSosResponseSchema, mySosSchema, raiseSosResponseSchema, resolveSosSchema } from './sos-schemas';

const adminRefusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an admin' } } as const;

/** SOS (issue 15, decision 0061): the ride's rider or driver raises it; operators see it live and resolve it. */
export const sosRoutes = defineRoutes([
  {
    method: 'POST',
    path: '/api/rides/:id/sos',
    tag: 'safety',
    summary: 'Raise an SOS during a ride (its rider or its assigned driver)',
    description:
      'One transaction: the alert (with the driver’s last known position), a ride event `sos`, an urgent Safety ticket about the ride, a safety notification to every admin, and one text message per emergency contact of the caller with the ride’s live share link (queued `message-send` jobs). After commit `safety.sos` goes to the `admins` room. A second press while the caller’s alert is open answers the same alert (200, `repeated`) and sends nothing again.',
    auth: 'user',
    request: { params: idParamsSchema },
    responses: {
      201: { description: 'Raised: operators alerted, contacts texted', schema: raiseSosResponseSchema },
      200: { description: 'Already open: the same alert, nothing sent again', schema: raiseSosResponseSchema },
      401: { description: 'Not signed in' },
      404: { description: 'No such ride, or the caller is neither its rider nor its assigned driver' },
      409: { description: 'SOS_RIDE_NOT_ACTIVE: the ride has no driver yet or has ended' },
    },
  },
  {
    method: 'GET',
    path: '/api/rides/:id/sos',
    tag: 'safety',
    summary: 'The caller’s open SOS on the ride (the button’s state), their emergency contacts’ count and the emergency number',
    auth: 'user',
    request: { params: idParamsSchema },
    responses: {
      200: { description: 'The state', schema: mySosSchema },
      401: { description: 'Not signed in' },
      404: { description: 'No such ride, or not the caller’s' },
    },
  },
  {
    method: 'GET',
    path: '/api/admin/sos',
    tag: 'safety',
    summary: 'Open SOS alerts, oldest first: who, the ride, its people, the newest known position, the ticket',
    auth: 'admin',
    permission: 'sos.handle',
    responses: { 200: { description: 'The open alerts', schema: adminSosListSchema }, ...adminRefusals },
  },
  {
    method: 'POST',
    path: '/api/admin/sos/:id/resolve',
    tag: 'safety',
    summary: 'Resolve an SOS alert with a note (audited `sos.resolve`)',
    description:
      'Writes the ride event `sos_resolved` and the audit record in one transaction; `safety.sos_changed` goes to `admins` and to the presser after commit. The ticket stays open for its own handling.',
    auth: 'admin',
    permission: 'sos.handle',
    cityOf: { record: 'sos_alert' },
    request: { params: idParamsSchema, body: resolveSosSchema },
    responses: {
      200: { description: 'Resolved', schema: adminSosResponseSchema },
      400: { description: 'No note, or too long (nothing changes)' },
      ...adminRefusals,
      404: { description: 'No such alert' },
      409: { description: 'SOS_ALREADY_RESOLVED' },
    },
  },
]);
