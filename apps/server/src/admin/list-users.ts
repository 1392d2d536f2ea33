import type { adminUsersQuerySchema } from '@openride/shared/admin/users';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../db/schema';
import type { CsvColumn } from '../lib/csv';
import { containsPattern, keysetPage, type KeysetSpec } from '../lib/keyset';

type Query = z.output<typeof adminUsersQuerySchema>;

const spec: KeysetSpec<Query['sort']> = {
  sorts: {
    created_at: { expr: 'user.createdAt', type: 'timestamptz' },
    // Names sort as people read them, not by code point ('bob' next to 'Bob').
    name: { expr: sql`lower("user"."name")`, type: 'text' },
    email: { expr: 'user.email', type: 'text' },
  },
  id: { ref: 'user.id', type: 'text' },
};

/** Every account with its roles; search by name or email; `role=user` means no admin or driver role. */
export function listUsers(db: Kysely<DB>, query: Query) {
  let rows = db
    .selectFrom('user')
    .leftJoin('user_roles', 'user_roles.user_id', 'user.id')
    .select((eb) => [
      'user.id',
      'user.email',
      'user.name',
      'user.createdAt as created_at',
      eb.fn.coalesce(eb.fn.agg<string[]>('array_agg', ['user_roles.role']).filterWhere('user_roles.role', 'is not', null), eb.val<string[]>([])).as('roles'),
    ])
    .groupBy('user.id');
  if (query.q) {
    const like = containsPattern(query.q);
    rows = rows.where((eb) => eb.or([eb('user.name', 'ilike', like), eb('user.email', 'ilike', like)]));
  }
  if (query.role) {
    const role = query.role;
    const withRole = (roles: readonly string[]) =>
      db
        .selectFrom('user_roles as r')
        .select('r.user_id')
        .where(sql<boolean>`r.user_id = "user"."id"`)
        .where('r.role', 'in', roles as ('admin' | 'driver' | 'user')[]);
    rows = rows.where((eb) => (role === 'user' ? eb.not(eb.exists(withRole(['admin', 'driver']))) : eb.exists(withRole([role]))));
  }
  return keysetPage(db, rows, spec, query);
}

type UserRow = Awaited<ReturnType<typeof listUsers>>['items'][number];

export const USERS_CSV: CsvColumn<UserRow>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Email', value: (r) => r.email },
  { header: 'Roles', value: (r) => r.roles },
  { header: 'Created', value: (r) => r.created_at },
  { header: 'Id', value: (r) => r.id },
];
