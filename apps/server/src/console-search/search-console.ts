import { roleMay } from '@openride/shared/admin/permissions';
import { type ConsoleSearch, SEARCH_KIND_PERMISSIONS, SEARCH_KINDS, type SearchHit, type SearchKind } from '@openride/shared/admin/search-api';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { StaffMember } from '../roles/staff.repo';
import { type Cities, searchCompanies, searchDrivers, searchPromotions, searchRides, searchRiders, searchTickets } from './console-search.repo';

const SEARCHES: Record<SearchKind, (db: Kysely<DB>, q: string, cities: Cities) => Promise<SearchHit[]>> = {
  ride: searchRides,
  rider: (db, q) => searchRiders(db, q),
  driver: searchDrivers,
  ticket: searchTickets,
  promotion: searchPromotions,
  company: searchCompanies,
};

/**
 * The console's search (issue 29 §1): each kind of record the staff member's role may read (decision 0089),
 * within their cities, a few of each, kind by kind. A kind the role may not read is not searched at all.
 */
export async function searchConsole(db: Kysely<DB>, staff: StaffMember, q: string): Promise<ConsoleSearch> {
  const kinds = SEARCH_KINDS.filter((kind) => roleMay(staff.role, SEARCH_KIND_PERMISSIONS[kind]));
  const found = await Promise.all(kinds.map((kind) => SEARCHES[kind](db, q, staff.cityIds)));
  return { q, kinds, hits: found.flat() };
}
