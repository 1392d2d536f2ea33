import { z } from 'zod';
import { defineRoutes } from '../contract';
import { text } from '../text';
import {
  cityPlacesQuerySchema,
  createCityPlaceSchema,
  importCityPlacesSchema,
  MAX_CITY_PLACES_LISTED,
  MAX_PLACES_IMPORT,
  PLACE_NEAR_M,
  PLACE_SEARCH_LIMIT,
  updateCityPlaceSchema,
} from './schemas';
import { cityPlaceResponseSchema, cityPlacesResponseSchema, placeSuggestionsResponseSchema } from './views';

const refusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an administrator' } } as const;
const cityParams = z.object({ id: text().max(40) });
const placeParams = z.object({ id: text().max(100) });

/**
 * A city's places (issue 30 §5, decision 0096): the booking page's suggestions and GPS pickup names in that
 * city, managed on /geofence-management. Every write is audited.
 */
export const cityPlaceRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/cities/:id/places',
    tag: 'zones',
    summary: "A city's places whose name or area holds `q`, or those nearest a point",
    description: `Public (the booking page, the public fare estimator and saved places search). \`q\`: case- and accent-insensitive, every word a prefix of a word of the name or area, at most ${PLACE_SEARCH_LIMIT}. \`lat\` and \`lng\`: the places within ${PLACE_NEAR_M} m, nearest first. Neither: every place of the city by name (at most ${MAX_CITY_PLACES_LISTED}), which the booking page searches as the rider types, offline too. A city nobody has: none.`,
    auth: 'public',
    request: { params: cityParams, query: cityPlacesQuerySchema },
    responses: { 200: { description: 'The places', schema: placeSuggestionsResponseSchema }, 400: { description: 'Bad query' } },
  },
  {
    method: 'GET',
    path: '/api/admin/cities/:id/places',
    tag: 'zones',
    summary: 'Every place of a city, by name',
    auth: 'admin',
    permission: 'zone.read',
    cityOf: { record: 'city' },
    request: { params: cityParams },
    responses: { 200: { description: 'The places', schema: cityPlacesResponseSchema }, 404: { description: 'No such city' }, ...refusals },
  },
  {
    method: 'POST',
    path: '/api/admin/cities/:id/places',
    tag: 'zones',
    summary: 'Add a place to a city (audited)',
    auth: 'admin',
    permission: 'zone.manage',
    cityOf: { record: 'city' },
    request: { params: cityParams, body: createCityPlaceSchema },
    responses: {
      201: { description: 'Added', schema: cityPlaceResponseSchema },
      400: { description: 'Bad input' },
      404: { description: 'No such city' },
      409: { description: 'The city has a place of this name' },
      ...refusals,
    },
  },
  {
    method: 'POST',
    path: '/api/admin/cities/:id/places/import',
    tag: 'zones',
    summary: 'Add the places of a CSV or GeoJSON file to a city, all or nothing (audited)',
    description: `CSV: a header \`name,area,kind,lat,lng\` (\`area\` and \`kind\` may be left out). GeoJSON: a FeatureCollection of Points, properties \`name\`, \`area\`, \`kind\`. At most ${MAX_PLACES_IMPORT} places. A bad row refuses the whole file: 400 with \`details.rows\`, each row's number and why.`,
    auth: 'admin',
    permission: 'zone.manage',
    cityOf: { record: 'city' },
    request: { params: cityParams, body: importCityPlacesSchema },
    responses: {
      201: { description: 'Imported', schema: cityPlacesResponseSchema },
      400: { description: 'A bad row: nothing imported' },
      404: { description: 'No such city' },
      409: { description: 'A name the city already has: nothing imported' },
      ...refusals,
    },
  },
  {
    method: 'PATCH',
    path: '/api/admin/city-places/:id',
    tag: 'zones',
    summary: "Change a place's name, area, kind or position (audited)",
    auth: 'admin',
    permission: 'zone.manage',
    cityOf: { record: 'city_place' },
    request: { params: placeParams, body: updateCityPlaceSchema },
    responses: {
      200: { description: 'Changed', schema: cityPlaceResponseSchema },
      400: { description: 'Bad input' },
      404: { description: 'No such place' },
      409: { description: 'The city has another place of this name' },
      ...refusals,
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/city-places/:id',
    tag: 'zones',
    summary: 'Delete a place (audited)',
    auth: 'admin',
    permission: 'zone.manage',
    cityOf: { record: 'city_place' },
    request: { params: placeParams },
    responses: { 200: { description: 'Deleted', schema: cityPlaceResponseSchema }, 404: { description: 'No such place' }, ...refusals },
  },
]);
