import { z } from 'zod';
import { defineRoutes } from '../contract';
import { text } from '../text';
import { cityQuerySchema, createCitySchema, createZoneSchema, importZonesSchema, testPointQuerySchema, updateCitySchema, updateZoneSchema } from './schemas';
import {
  citiesResponseSchema,
  cityResponseSchema,
  importZonesResponseSchema,
  testPointSchema,
  zoneResponseSchema,
  zonesExportSchema,
  zonesResponseSchema,
} from './views';

const refusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an administrator' } } as const;
const cityParams = z.object({ id: text().max(40) });
const zoneParams = z.object({ id: text().max(100) });

/** /geofence-management: cities, their service areas and zones (issue 12, decision 0031). Every write is audited. */
export const zoneRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/cities',
    tag: 'zones',
    summary: 'Every city, with its currency, time zone and map centre',
    auth: 'admin',
    permission: 'console.open',
    responses: { 200: { description: 'The cities', schema: citiesResponseSchema }, ...refusals },
  },
  {
    method: 'POST',
    path: '/api/admin/cities',
    tag: 'zones',
    summary: 'Add a city (audited). It serves nowhere until it has an enabled service area.',
    auth: 'admin',
    permission: 'city.manage',
    request: { body: createCitySchema },
    responses: {
      201: { description: 'Added', schema: cityResponseSchema },
      400: { description: 'Bad input' },
      409: { description: 'A city with this id exists' },
      ...refusals,
    },
  },
  {
    method: 'PATCH',
    path: '/api/admin/cities/:id',
    tag: 'zones',
    summary: "Edit a city's name, currency, time zone or map centre (audited)",
    auth: 'admin',
    permission: 'city.manage',
    request: { params: cityParams, body: updateCitySchema },
    responses: {
      200: { description: 'Edited', schema: cityResponseSchema },
      400: { description: 'Bad input' },
      404: { description: 'No such city' },
      ...refusals,
    },
  },
  {
    method: 'GET',
    path: '/api/admin/zones',
    tag: 'zones',
    summary: 'Every zone of a city, with its polygon, highest priority first',
    auth: 'admin',
    permission: 'zone.read',
    request: { query: cityQuerySchema },
    responses: { 200: { description: 'The zones', schema: zonesResponseSchema }, 400: { description: 'No city given' }, ...refusals },
  },
  {
    method: 'POST',
    path: '/api/admin/zones',
    tag: 'zones',
    summary: 'Create a zone (audited); lookups use it at once in this process, and in others on the bus',
    auth: 'admin',
    permission: 'zone.manage',
    request: { body: createZoneSchema },
    responses: {
      201: { description: 'Created', schema: zoneResponseSchema },
      400: { description: 'Bad input or invalid GeoJSON' },
      404: { description: 'No such city' },
      ...refusals,
    },
  },
  {
    method: 'PATCH',
    path: '/api/admin/zones/:id',
    tag: 'zones',
    summary: "Change a zone's name, type, colour, priority, switch or polygon (audited)",
    auth: 'admin',
    permission: 'zone.manage',
    request: { params: zoneParams, body: updateZoneSchema },
    responses: {
      200: { description: 'Changed', schema: zoneResponseSchema },
      400: { description: 'Bad input or invalid GeoJSON' },
      404: { description: 'No such zone' },
      ...refusals,
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/zones/:id',
    tag: 'zones',
    summary: 'Delete a zone (audited)',
    auth: 'admin',
    permission: 'zone.manage',
    request: { params: zoneParams },
    responses: { 200: { description: 'Deleted', schema: zoneResponseSchema }, 404: { description: 'No such zone' }, ...refusals },
  },
  {
    method: 'POST',
    path: '/api/admin/zones/import',
    tag: 'zones',
    summary: 'Add every Feature of a GeoJSON FeatureCollection as a zone of a city, all or nothing (audited)',
    description: 'Each Feature: a Polygon or MultiPolygon; properties `name` and `type` required, `color`, `priority`, `enabled` defaulted.',
    auth: 'admin',
    permission: 'zone.manage',
    request: { body: importZonesSchema },
    responses: {
      201: { description: 'Imported', schema: importZonesResponseSchema },
      400: { description: 'Invalid GeoJSON: nothing imported' },
      404: { description: 'No such city' },
      ...refusals,
    },
  },
  {
    method: 'GET',
    path: '/api/admin/zones/export',
    tag: 'zones',
    summary: "A city's zones as a GeoJSON FeatureCollection (a download)",
    auth: 'admin',
    permission: 'zone.read',
    request: { query: cityQuerySchema },
    responses: { 200: { description: 'The collection', schema: zonesExportSchema }, 400: { description: 'No city given' }, ...refusals },
  },
  {
    method: 'GET',
    path: '/api/admin/zones/test-point',
    tag: 'zones',
    summary: 'Which city, service area and zones apply at a point, and the fares of a reference trip starting there',
    description: 'Surge pricing is not built yet: `surge` is null and `surge_multiplier` 1.0.',
    auth: 'admin',
    permission: 'zone.read',
    request: { query: testPointQuerySchema },
    responses: { 200: { description: 'What applies', schema: testPointSchema }, 400: { description: 'Bad coordinates' }, ...refusals },
  },
]);
