import { z } from 'zod';
import { defineRoutes } from '../contract';
import { text } from '../text';
import { surgeCityQuerySchema, surgeDemoRushSchema, surgeFreezeSchema, surgeOverrideSchema, surgeTimelineQuerySchema, updateSurgeRuleSchema } from './schemas';
import { surgeOverviewSchema, surgeTimelineSchema, surgeZoneResponseSchema } from './views';

const refusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an administrator' } } as const;
const zoneParams = z.object({ id: text().max(100) });

/** /surge-pricing (admins only): the multiplier per pricing zone, its history, the rule, freeze and overrides. Every write is audited. */
export const surgeRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/surge',
    tag: 'surge',
    summary: "A city's surge: its rule, the freeze switch, and every pricing zone's multiplier now with the counts behind it",
    auth: 'admin',
    permission: 'surge.read',
    request: { query: surgeCityQuerySchema },
    responses: { 200: { description: 'The overview', schema: surgeOverviewSchema }, 404: { description: 'No such city' }, ...refusals },
  },
  {
    method: 'GET',
    path: '/api/admin/surge/zones/:id/timeline',
    tag: 'surge',
    summary: "A pricing zone's ratio and multiplier at each update over the last hours (default 6, at most 168)",
    auth: 'admin',
    permission: 'surge.read',
    cityOf: { record: 'zone' },
    request: { params: zoneParams, query: surgeTimelineQuerySchema },
    responses: { 200: { description: 'The timeline, oldest first', schema: surgeTimelineSchema }, 404: { description: 'No such pricing zone' }, ...refusals },
  },
  {
    method: 'PUT',
    path: '/api/admin/surge/rule',
    tag: 'surge',
    summary: "Replace a city's surge rule: the ratio → multiplier ladder, floor, cap, change per update, hysteresis (audited)",
    auth: 'admin',
    permission: 'surge.rule',
    request: { body: updateSurgeRuleSchema },
    responses: {
      200: { description: 'Saved', schema: surgeOverviewSchema },
      400: { description: 'Bad input' },
      404: { description: 'No such city' },
      ...refusals,
    },
  },
  {
    method: 'POST',
    path: '/api/admin/surge/freeze',
    tag: 'surge',
    summary: "Freeze a city's surge at 1.0× (an emergency), or lift the freeze (audited). Applies to quotes at once.",
    auth: 'admin',
    permission: 'surge.override',
    request: { body: surgeFreezeSchema },
    responses: {
      200: { description: 'Saved', schema: surgeOverviewSchema },
      400: { description: 'Bad input' },
      404: { description: 'No such city' },
      ...refusals,
    },
  },
  {
    method: 'POST',
    path: '/api/admin/surge/zones/:id/override',
    tag: 'surge',
    summary: "Hold a pricing zone at a fixed multiplier until a time, within the rule's floor and cap (audited). Applies to quotes at once.",
    auth: 'admin',
    permission: 'surge.override',
    cityOf: { record: 'zone' },
    request: { params: zoneParams, body: surgeOverrideSchema },
    responses: {
      200: { description: 'Saved', schema: surgeZoneResponseSchema },
      400: { description: 'Bad input' },
      404: { description: 'No such pricing zone' },
      ...refusals,
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/surge/zones/:id/override',
    tag: 'surge',
    summary: "End a zone's override: the ladder takes over at the next update (audited)",
    auth: 'admin',
    permission: 'surge.override',
    cityOf: { record: 'zone' },
    request: { params: zoneParams },
    responses: { 200: { description: 'Cleared', schema: surgeZoneResponseSchema }, 404: { description: 'No such pricing zone' }, ...refusals },
  },
  {
    method: 'POST',
    path: '/api/admin/surge/demo-rush',
    tag: 'surge',
    summary: 'Demo city only: the simulated riders book from the downtown pricing zone, often, so surge rises; off, it fades (audited)',
    auth: 'admin',
    permission: 'surge.override',
    request: { body: surgeDemoRushSchema },
    responses: { 200: { description: 'Saved', schema: surgeOverviewSchema }, 404: { description: 'Not a demo server, or no such city' }, ...refusals },
  },
]);
