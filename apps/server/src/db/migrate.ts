import { type Kysely, type Migration, Migrator } from 'kysely';
import * as m0001 from './migrations/0001-auth';
import * as m0002 from './migrations/0002-core';
import * as m0003 from './migrations/0003-otp-drivers-push';
import * as m0004 from './migrations/0004-rides';
import * as m0005 from './migrations/0005-dispatch';
import * as m0006 from './migrations/0006-audit-log';
import * as m0007 from './migrations/0007-operator-actions';
import * as m0008 from './migrations/0008-supply-samples';
import * as m0009 from './migrations/0009-zones';
import * as m0010 from './migrations/0010-fare-policies';
import * as m0011 from './migrations/0011-cancellation-policies';
import * as m0012 from './migrations/0012-surge';
import * as m0013 from './migrations/0013-ledger';
import * as m0014 from './migrations/0014-payments';
import * as m0015 from './migrations/0015-refunds';
import * as m0016 from './migrations/0016-payouts';
import * as m0017 from './migrations/0017-card-owed';
import * as m0018 from './migrations/0018-files';
import * as m0019 from './migrations/0019-vehicles';
import * as m0020 from './migrations/0020-driver-schedule';
import * as m0021 from './migrations/0021-vehicle-photos';
import * as m0022 from './migrations/0022-compliance';
import * as m0023 from './migrations/0023-driver-goals';
import * as m0026 from './migrations/0026-legal';
import * as m0027 from './migrations/0027-account-settings';
import * as m0028 from './migrations/0028-notification-kinds';
import * as m0029 from './migrations/0029-ride-events';
import * as m0034 from './migrations/0034-support-sla-alerts';
import * as m0035 from './migrations/0035-companies';
import * as m0040 from './migrations/0040-city-emergency-number';
import * as m0045 from './migrations/0045-notifications-unread-index';
import * as m0046 from './migrations/0046-cancellation-policy-versions';
import * as m0047 from './migrations/0047-staff-members';
import * as m0048 from './migrations/0048-staff-two-factor';
import * as m0049 from './migrations/0049-refund-proposals';
import * as m0050 from './migrations/0050-audit-city';
import * as m0052 from './migrations/0052-city-places';
import * as m0051 from './migrations/0051-phone-numbers';
import * as m0042 from './migrations/0042-refund-to-company';
import * as m0043 from './migrations/0043-driver-city';
import * as m0037 from './migrations/0037-corporate-invoices';
import * as m0041 from './migrations/0041-interim-invoices';
import * as m0036 from './migrations/0036-company-invitations-policies';
import * as m0031 from './migrations/0031-ride-checks';
import * as m0033 from './migrations/0033-referrals';
import * as m0039 from './migrations/0039-referral-reviews-and-cities';
import * as m0030 from './migrations/0030-sos-alerts';
import * as m0032 from './migrations/0032-promotions';
import * as m0038 from './migrations/0038-promotion-edits';
import * as m0025 from './migrations/0025-support-procedures-and-faq';
import * as m0024 from './migrations/0024-support-tickets';

/** Versioned migrations, applied in name order at start. Never edit one that has shipped: add the next. */
const migrations: Record<string, Migration> = {
  '0001-auth': m0001,
  '0002-core': m0002,
  '0003-otp-drivers-push': m0003,
  '0004-rides': m0004,
  '0005-dispatch': m0005,
  '0006-audit-log': m0006,
  '0007-operator-actions': m0007,
  '0008-supply-samples': m0008,
  '0009-zones': m0009,
  '0010-fare-policies': m0010,
  '0011-cancellation-policies': m0011,
  '0012-surge': m0012,
  '0013-ledger': m0013,
  '0014-payments': m0014,
  '0015-refunds': m0015,
  '0016-payouts': m0016,
  '0017-card-owed': m0017,
  '0018-files': m0018,
  '0019-vehicles': m0019,
  '0020-driver-schedule': m0020,
  '0021-vehicle-photos': m0021,
  '0022-compliance': m0022,
  '0023-driver-goals': m0023,
  '0026-legal': m0026,
  '0027-account-settings': m0027,
  '0028-notification-kinds': m0028,
  '0029-ride-events': m0029,
  '0034-support-sla-alerts': m0034,
  '0035-companies': m0035,
  '0040-city-emergency-number': m0040,
  '0042-refund-to-company': m0042,
  '0043-driver-city': m0043,
  '0037-corporate-invoices': m0037,
  '0041-interim-invoices': m0041,
  '0036-company-invitations-policies': m0036,
  '0031-ride-checks': m0031,
  '0033-referrals': m0033,
  '0039-referral-reviews-and-cities': m0039,
  '0030-sos-alerts': m0030,
  '0032-promotions': m0032,
  '0038-promotion-edits': m0038,
  '0025-support-procedures-and-faq': m0025,
  '0024-support-tickets': m0024,
  '0045-notifications-unread-index': m0045,
  '0046-cancellation-policy-versions': m0046,
  '0047-staff-members': m0047,
  '0048-staff-two-factor': m0048,
  '0049-refund-proposals': m0049,
  '0050-audit-city': m0050,
  '0051-phone-numbers': m0051,
  '0052-city-places': m0052,
};

/** Every migration this code knows, oldest first: a backup whose database has one more is refused (decision 0028). */
export const MIGRATION_NAMES = Object.keys(migrations).sort();

export async function migrateToLatest(db: Kysely<any>) {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
