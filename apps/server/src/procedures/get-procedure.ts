import { proceduresText } from '@openride/shared/procedures/procedures-text';
import type { SupportCategory } from '@openride/shared/support/categories';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { notFound } from '../lib/errors';
import { currentProcedure } from './procedures.repo';

/** A category's current procedure (its newest version): what the panel beside a ticket shows. */
export async function getProcedure(db: Kysely<DB>, category: SupportCategory) {
  const procedure = await currentProcedure(db, category);
  if (!procedure) throw notFound(proceduresText.panel.none);
  return procedure;
}
