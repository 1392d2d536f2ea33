import { defineRoutes, emptyBodySchema, idParamsSchema } from '../contract';
import { rideCheckOkResponseSchema, rideCheckResponseSchema } from './ride-check';

const refusals = { 401: { description: 'Not signed in' }, 404: { description: 'No such ride, or the caller is neither its rider nor its driver' } } as const;

/** Ride check (issue 15, decision 0062): "Is everything OK?" when a trip stops too long or strays far from its way. */
export const rideCheckRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/rides/:id/ride-check',
    tag: 'rides',
    summary: 'The ride check the caller is asked about (rider or driver of the ride)',
    description:
      'The oldest open check of the ride the caller has not answered, while the trip is in progress; `check: null` otherwise. The job `ride-check` asks them (every minute).',
    auth: 'user',
    request: { params: idParamsSchema },
    responses: { 200: { description: 'The open check, or null', schema: rideCheckResponseSchema }, ...refusals },
  },
  {
    method: 'POST',
    path: '/api/rides/:id/ride-check/ok',
    tag: 'rides',
    summary: '“I’m OK”: the caller answers the ride’s open checks',
    description:
      'Sets the caller’s side on every open check they have not answered and puts a `ride_check_ok` event on the ride’s timeline; a check both parties answered closes. Answering twice answers nothing more (`answered: 0`).',
    auth: 'user',
    request: { params: idParamsSchema, body: emptyBodySchema },
    responses: {
      200: { description: 'How many checks the caller answered', schema: rideCheckOkResponseSchema },
      400: { description: 'A body with fields (nothing changes)' },
      ...refusals,
    },
  },
]);
