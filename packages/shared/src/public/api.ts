import { z } from 'zod';
import { defineRoutes } from '../contract';
import { quoteRequestSchema } from '../rides/schemas';
import { text } from '../text';
import { fareEstimateSchema, publicCitiesResponseSchema, publicPricingSchema } from './views';

/** The cache a public answer may be kept in: a minute, so a change by an operator shows within one. */
export const PUBLIC_MAX_AGE_S = 60;
/** Fare estimates from one network address per minute: each may cost a routing call. */
export const ESTIMATES_PER_MINUTE = 30;

/**
 * The public pages' API (/pricing, /services; decision 0036): no sign-in, read from the same tables and
 * functions the server prices with, so a page can never disagree with a quote.
 */
export const publicRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/public/cities',
    tag: 'public',
    summary: 'The cities served, with their service areas as GeoJSON',
    description: `Public. Cities with at least one enabled service area, by name. Cacheable for ${PUBLIC_MAX_AGE_S} s.`,
    auth: 'public',
    responses: { 200: { description: 'The cities', schema: publicCitiesResponseSchema } },
  },
  {
    method: 'GET',
    path: '/api/public/pricing/:city',
    tag: 'public',
    summary: "A city's fares per ride type (city default and zones), its surge rule and its cancellation rules",
    description: `Public. The fare policy versions in force now, the surge rule and freeze switch, the cancellation policy per ride type. Cacheable for ${PUBLIC_MAX_AGE_S} s.`,
    auth: 'public',
    request: { params: z.object({ city: text().max(100) }) },
    responses: { 200: { description: 'The price list', schema: publicPricingSchema }, 404: { description: 'No such city' } },
  },
  {
    method: 'POST',
    path: '/api/public/estimate',
    tag: 'public',
    summary: 'A fare estimate for a trip: the fare of every ride type now, surge included',
    description: `Public. The same fares a signed-in rider is quoted for the trip. At most ${ESTIMATES_PER_MINUTE} per minute from one network address.`,
    auth: 'public',
    request: { body: quoteRequestSchema },
    responses: {
      200: { description: 'The estimate', schema: fareEstimateSchema },
      400: { description: 'A malformed trip' },
      422: {
        description: 'The pickup is outside every service area (OUTSIDE_SERVICE_AREA), or the destination is in a restricted zone (DESTINATION_RESTRICTED)',
      },
      429: { description: 'Too many estimates from this address (TOO_MANY_ESTIMATES)' },
    },
  },
]);
