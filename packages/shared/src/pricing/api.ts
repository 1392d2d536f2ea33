import { z } from 'zod';
import { defineRoutes } from '../contract';
import { text } from '../text';
import { farePolicyInputSchema, simulateFareSchema } from './schemas';
import { farePoliciesResponseSchema, farePolicyResponseSchema, simulatedFareSchema } from './views';

const refusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an administrator' } } as const;
const cityParams = z.object({ city: text().max(100) });

/** Fare policies (issue 12, decision 0032): /pricing-settings. Admins only; every change is audited. */
export const pricingAdminRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/pricing/:city',
    tag: 'pricing',
    summary: "A city's fare policies: the version in force per scope and ride type, and every version",
    auth: 'admin',
    permission: 'fare_policy.read',
    request: { params: cityParams },
    responses: { 200: { description: 'The policies', schema: farePoliciesResponseSchema }, 404: { description: 'No such city' }, ...refusals },
  },
  {
    method: 'POST',
    path: '/api/admin/pricing/:city/policies',
    tag: 'pricing',
    summary: 'A new version of a fare policy, effective now or at a later time',
    description:
      'Versions are never changed: editing adds the next version for the scope (zone_id null = the city default) and ride type. Quotes use the version in force at quote time; a ride keeps the prices it was booked on. Audited (`fare_policy.create`).',
    auth: 'admin',
    permission: 'fare_policy.publish',
    request: { params: cityParams, body: farePolicyInputSchema },
    responses: {
      201: { description: 'The new version', schema: farePolicyResponseSchema },
      400: { description: 'Bad input (negative money, a multiplier outside 1–3, a malformed window, an effective date in the past): nothing is created' },
      404: { description: 'No such city' },
      ...refusals,
    },
  },
  {
    method: 'POST',
    path: '/api/admin/pricing/simulate',
    tag: 'pricing',
    summary: 'The fare a trip would get, line by line, from the policy in force at a time',
    auth: 'admin',
    permission: 'fare_policy.read',
    request: { body: simulateFareSchema },
    responses: {
      200: { description: 'The fare', schema: simulatedFareSchema },
      404: { description: 'No such city, or no policy for the ride type' },
      ...refusals,
    },
  },
]);
