import { z } from 'zod';
import { defineRoutes } from '../contract';
import { text } from '../text';
import { adjustmentInputSchema, cityCurrencyInputSchema, financeDashboardQuerySchema, financialSettingsInputSchema, ledgerEntriesQuerySchema } from './schemas';
import {
  adjustmentResponseSchema,
  cityCurrencyResponseSchema,
  financeDashboardSchema,
  financialSettingsResponseSchema,
  financialSettingsVersionResponseSchema,
  ledgerEntriesPageSchema,
} from './views';

const refusals = { 401: { description: 'Not signed in' }, 403: { description: 'Not an administrator' } } as const;
const cityParams = z.object({ city: text().max(100) });

/** The operator's money pages (issue 13, decision 0041): /financial-settings and /financial-dashboard. Admins only. */
export const financeRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/financial-settings/:city',
    tag: 'finance',
    summary: "A city's financial settings: the version in force, every version, and whether its currency may still change",
    auth: 'admin',
    permission: 'finance.read',
    request: { params: cityParams },
    responses: { 200: { description: 'The settings', schema: financialSettingsResponseSchema }, 404: { description: 'No such city' }, ...refusals },
  },
  {
    method: 'POST',
    path: '/api/admin/financial-settings/:city',
    tag: 'finance',
    summary: 'A new version of the financial settings, effective now or at a later time',
    description:
      'Versions are never changed. A completed ride is split by the version in force at its completion. Audited (`financial_settings.create`) in the same transaction.',
    auth: 'admin',
    permission: 'financial_settings.publish',
    request: { params: cityParams, body: financialSettingsInputSchema },
    responses: {
      201: { description: 'The new version', schema: financialSettingsVersionResponseSchema },
      400: { description: 'Bad input (a rate outside 0–100 %, a weekday outside 0–6, a negative amount, a date in the past): nothing is created' },
      404: { description: 'No such city' },
      ...refusals,
    },
  },
  {
    method: 'PUT',
    path: '/api/admin/financial-settings/:city/currency',
    tag: 'finance',
    summary: "Change a city's currency, only while no money has been posted for it",
    description: 'Audited (`city.update`). Refused with 409 once any ledger transaction names the city.',
    auth: 'admin',
    permission: 'financial_settings.publish',
    request: { params: cityParams, body: cityCurrencyInputSchema },
    responses: {
      200: { description: 'The city', schema: cityCurrencyResponseSchema },
      400: { description: 'Not a currency code' },
      404: { description: 'No such city' },
      409: { description: 'The city has books: its currency is fixed' },
      ...refusals,
    },
  },
  {
    method: 'GET',
    path: '/api/admin/finance/dashboard',
    tag: 'finance',
    summary: "A city's money over a range: GMV, net revenue, take rate, fees, tips, refunds, payment mix, by day; drivers' balances by age; the trial balance",
    description:
      'Every figure is a sum of ledger entries (decision 0041): one grouped query over the range. Days are calendar days in `tz`, `from` and `to` inclusive.',
    auth: 'admin',
    permission: 'finance.read',
    request: { query: financeDashboardQuerySchema },
    responses: {
      200: { description: 'The figures', schema: financeDashboardSchema },
      400: { description: 'A bad date, range or time zone' },
      404: { description: 'No such city' },
      ...refusals,
    },
  },
  {
    method: 'GET',
    path: '/api/admin/ledger/entries',
    tag: 'finance',
    summary: 'The ledger entries behind a figure, newest first, paged',
    description:
      "Filter by entry `line` and `account` code (comma lists, as the figure defines them), `account_id`, `city`, `kind`, `ride`, `from`/`to` days in `tz`, the accounts' `currency` and entries posted at or before `as_of`. Drivers' balances (decision 0044): `standing=owing|owed` lists every entry of the driver accounts owing or owed as of `as_of`; `aging=<bucket>` (needs `as_of`) lists the entries that make the open part of what drivers owe in that age bucket (FIFO), so they add up to the dashboard's bucket. The first page carries `total` and `sum_cents`.",
    auth: 'admin',
    permission: 'finance.read',
    request: { query: ledgerEntriesQuerySchema },
    responses: {
      200: { description: 'A page of entries', schema: ledgerEntriesPageSchema, csv: true },
      400: { description: 'An unknown line, account, kind, standing or age bucket, a bad date, currency or cursor, `aging` without `as_of`' },
      ...refusals,
    },
  },
  {
    method: 'POST',
    path: '/api/admin/ledger/adjustments',
    tag: 'finance',
    summary: "Credit or debit a driver's account or a rider's wallet by hand, with a reason",
    description:
      "Posts against the platform's `adjustments` account (line `adjustment`), audited (`ledger.adjustment`) in the same transaction. The same `idempotency_key` posts once. A rider's wallet is never debited below zero.",
    auth: 'admin',
    permission: 'ledger.adjust',
    request: { body: adjustmentInputSchema },
    responses: {
      201: { description: 'Posted (or posted before, with the same key)', schema: adjustmentResponseSchema },
      400: { description: 'Bad input, or a wallet debit beyond its credit: nothing is posted' },
      404: { description: 'No such city, driver or rider' },
      ...refusals,
    },
  },
]);
