import { type DriverApplicationInput, driverApplicationSchema } from '@openride/shared/drivers/schemas';
import type { ApplicationDraft } from './application-draft';

type Parsed = { success: true; data: DriverApplicationInput } | { success: false; message: string };

/** The form's strings through the shared schema (the server parses with the same one); the year as a number. */
export function parseApplication(values: ApplicationDraft): Parsed {
  const year = values.vehicle_year.trim();
  const result = driverApplicationSchema.safeParse({ ...values, vehicle_year: year === '' ? undefined : Number(year) });
  if (result.success) return { success: true, data: result.data };
  return { success: false, message: result.error.issues[0]?.message ?? '' };
}
