import { z } from 'zod';
import { timestampSchema } from '../contract';

/** `GET /api/me/export` (decision 0059): every stored row about the caller, table by table, secrets left out. */
export const dataExportSchema = z.strictObject({
  format: z.literal('openride-data-export/1'),
  exported_at: timestampSchema,
  user_id: z.string(),
  /** Table name → its rows about the caller (never password hashes, session tokens, OTP codes or push keys). */
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const accountDeletedSchema = z.strictObject({ deleted: z.literal(true) });
