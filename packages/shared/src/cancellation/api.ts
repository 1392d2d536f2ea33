import { z } from 'zod';
import { defineRoutes } from '../contract';
import { cancellationPoliciesQuerySchema, cancellationPolicyInputSchema, zonePolicyInputSchema } from './schemas';
import { cancellationPoliciesResponseSchema, cancellationPolicyResponseSchema, cancellationPolicyVersionsResponseSchema } from './views';

const refusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an administrator' } } as const;

/** /cancellation-policies (decision 0033): the operator's rules for late cancels and no-shows. */
export const cancellationRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/cancellation-policies',
    tag: 'cancellation',
    summary: 'Cancellation policies per city and ride type (and zone)',
    description: 'Bounded by cities × ride types × zones, so one answer, not a page.',
    auth: 'admin',
    permission: 'fare_policy.read',
    request: { query: cancellationPoliciesQuerySchema },
    responses: { 200: { description: 'The policies', schema: cancellationPoliciesResponseSchema }, ...refusals },
  },
  {
    method: 'PUT',
    path: '/api/admin/cancellation-policies/:id',
    tag: 'cancellation',
    summary: 'Change every term of one policy (its next version)',
    description:
      'Adds the next version of the policy (decision 0087), in force from now; earlier versions are never changed. Saving the terms in force again adds nothing. Audited (`cancellation_policy.update`, the changed terms before and after, with the version) in the same transaction. Applies to the next cancellation.',
    auth: 'admin',
    permission: 'cancellation_policy.publish',
    cityOf: { record: 'cancellation_policy' },
    request: { params: z.object({ id: z.string() }), body: cancellationPolicyInputSchema },
    responses: {
      200: { description: 'The policy as saved', schema: cancellationPolicyResponseSchema },
      400: { description: 'A term out of range (nothing changes)' },
      404: { description: 'No such policy' },
      ...refusals,
    },
  },
  {
    method: 'GET',
    path: '/api/admin/cancellation-policies/:id/versions',
    tag: 'cancellation',
    summary: "One policy's versions, newest first",
    description:
      'Every version of the terms (who, when, from when, the values), each marked in force, scheduled or superseded. Bounded by the edits of one policy.',
    auth: 'admin',
    permission: 'fare_policy.read',
    cityOf: { record: 'cancellation_policy' },
    request: { params: z.object({ id: z.string() }) },
    responses: { 200: { description: 'The versions', schema: cancellationPolicyVersionsResponseSchema }, 404: { description: 'No such policy' }, ...refusals },
  },
  {
    method: 'POST',
    path: '/api/admin/cancellation-policies',
    tag: 'cancellation',
    summary: "Give one of the city's pricing zones its own terms for a ride type",
    description:
      "A copy of the city default's terms, edited afterwards with the PUT; rides whose pickup is in the zone follow them. The zone must be one of the city's pricing zones (enabled or not). Audited (`cancellation_policy.create`) in the same transaction.",
    auth: 'admin',
    permission: 'cancellation_policy.publish',
    request: { body: zonePolicyInputSchema },
    responses: {
      201: { description: "The zone's terms", schema: cancellationPolicyResponseSchema },
      400: { description: "Not one of the city's pricing zones, an unknown city or ride type (nothing changes)" },
      409: { description: 'The zone already has its own terms for this ride type' },
      ...refusals,
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/cancellation-policies/:id',
    tag: 'cancellation',
    summary: "Remove a zone's own terms (back to the city default)",
    description: 'Audited (`cancellation_policy.remove`, the terms as they were) in the same transaction. A city default is never removed (400).',
    auth: 'admin',
    permission: 'cancellation_policy.publish',
    cityOf: { record: 'cancellation_policy' },
    request: { params: z.object({ id: z.string() }) },
    responses: {
      200: { description: 'The terms as they were', schema: cancellationPolicyResponseSchema },
      400: { description: 'A city default (nothing changes)' },
      404: { description: 'No such policy' },
      ...refusals,
    },
  },
]);
