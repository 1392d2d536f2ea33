import { z } from 'zod';
import { defineRoutes } from '../contract';
import { cancellationPoliciesQuerySchema, cancellationPolicyInputSchema } from './schemas';
import { cancellationPoliciesResponseSchema, cancellationPolicyResponseSchema } from './views';

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
    request: { query: cancellationPoliciesQuerySchema },
    responses: { 200: { description: 'The policies', schema: cancellationPoliciesResponseSchema }, ...refusals },
  },
  {
    method: 'PUT',
    path: '/api/admin/cancellation-policies/:id',
    tag: 'cancellation',
    summary: 'Change every term of one policy',
    description: 'Audited (`cancellation_policy.update`, before and after) in the same transaction. Applies to the next cancellation.',
    auth: 'admin',
    request: { params: z.object({ id: z.string() }), body: cancellationPolicyInputSchema },
    responses: {
      200: { description: 'The policy as saved', schema: cancellationPolicyResponseSchema },
      400: { description: 'A term out of range (nothing changes)' },
      404: { description: 'No such policy' },
      ...refusals,
    },
  },
]);
