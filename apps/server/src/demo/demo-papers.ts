import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { complianceText } from '@openride/shared/compliance/compliance-text';
import type { DocumentKind } from '@openride/shared/compliance/schemas';
import type { FilePurpose } from '@openride/shared/files/schemas';
import { insertFile } from '../files/files.repo';
import { addDays, localDate } from '../payouts/local-dates';
import { DEMO_CITY_ID, demoDriverProfile } from './demo-accounts';
import type { Ports } from '../ports';

type PaperServices = Pick<Ports, 'db' | 'storage' | 'logger'>;
type Driver = { n: number; driverId: string; userId: string; verification_status: string };

/** The four kinds a driver uploads; the fifth, insurance, is their active car's policy (decision 0049). */
const DOCUMENTS = ['driver_licence', 'vehicle_registration', 'profile_photo', 'background_check'] as const satisfies readonly DocumentKind[];
const INSURERS = ['Bay Mutual', 'Pacific Shield Insurance', 'Golden Coast Auto', 'Harbor Casualty'];

/**
 * Days from today (the city's calendar) to a paper's last valid day: spread over 60–400 days, so the demo's
 * papers do not all lapse on one day; two papers end 20–25 days ahead, so "Expiring soon" shows on
 * /insurance-verification and the drivers' pages, yet nothing expires while a demo runs.
 */
export function demoPaperDays(n: number, kind: DocumentKind): number {
  if (n === 2 && kind === 'insurance') return 23;
  if (n === 9 && kind === 'driver_licence') return 21;
  const k = ['driver_licence', 'vehicle_registration', 'insurance', 'profile_photo', 'background_check'].indexOf(kind);
  return 60 + ((n * 127 + k * 71) % 341);
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A picture of a paper with the driver's name and the kind written on it, marked as a demo (PNG, ~15 KB). */
async function paperImage(name: string, title: string, lines: string[]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
<rect width="640" height="400" rx="24" fill="#eef6f2"/><rect width="640" height="72" fill="#0f766e"/>
<text x="32" y="47" font-family="sans-serif" font-size="30" font-weight="bold" fill="#ffffff">${escapeXml(title)}</text>
<text x="32" y="150" font-family="sans-serif" font-size="38" fill="#111827">${escapeXml(name)}</text>
${lines.map((l, i) => `<text x="32" y="${205 + i * 36}" font-family="sans-serif" font-size="24" fill="#374151">${escapeXml(l)}</text>`).join('\n')}
<text x="32" y="370" font-family="sans-serif" font-size="20" fill="#6b7280">OpenRide demo — not a real document</text>
</svg>`;
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Stores the bytes through the Storage interface and registers them in `files` (owner: the driver's user). */
async function storePaper(services: PaperServices, ownerId: string, purpose: FilePurpose, bytes: Buffer, name: string): Promise<string> {
  const now = new Date();
  const id = randomUUID();
  const key = `files/${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id}`;
  const { size } = await services.storage.put(key, Readable.from([bytes]), { contentType: 'image/png' });
  await insertFile(services.db, {
    id,
    owner_id: ownerId,
    purpose,
    storage_key: key,
    content_type: 'image/png',
    size_bytes: size,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    name,
  });
  return id;
}

/**
 * The demo city's papers (decision 0053): San Francisco requires all five kinds, and every approved demo
 * driver carries them — the four documents approved and a verified policy of the active car — each with a
 * picture in file storage. Once per driver and kind: a driver who has any document of a kind (or any
 * policy) keeps what they have, as an admin's rejection tried out in the panel is kept; a kind an admin made
 * optional again (`updated_by` set) stays optional. Reads two queries when there is nothing to do.
 */
export async function ensureDemoPapers(services: PaperServices, drivers: Driver[], adminId: string) {
  const { db } = services;
  const city = await db.selectFrom('cities').select('timezone').where('id', '=', DEMO_CITY_ID).executeTakeFirst();
  if (!city) return { created: 0 };
  await db
    .updateTable('document_types')
    .set({ required: true })
    .where('city_id', '=', DEMO_CITY_ID)
    .where('updated_by', 'is', null)
    .where('required', '=', false)
    .execute();

  const approved = drivers.filter((d) => d.verification_status === 'approved');
  if (!approved.length) return { created: 0 };
  const ids = approved.map((d) => d.driverId);
  const [docs, policies, cars] = await Promise.all([
    db.selectFrom('driver_documents').select(['driver_id', 'kind']).where('driver_id', 'in', ids).groupBy(['driver_id', 'kind']).execute(),
    db.selectFrom('insurance_policies').select('driver_id').where('driver_id', 'in', ids).groupBy('driver_id').execute(),
    db.selectFrom('vehicles').select(['id', 'driver_id', 'license_plate']).where('driver_id', 'in', ids).where('active', '=', true).execute(),
  ]);
  const has = new Set(docs.map((d) => `${d.driver_id}/${d.kind}`));
  const insured = new Set(policies.map((p) => p.driver_id));
  const carOf = new Map(cars.map((c) => [c.driver_id, c]));
  const today = localDate(new Date(), city.timezone);
  const reviewedAt = new Date();
  let created = 0;

  // A few drivers at a time: each paper is an image render (sharp's thread pool) and a durable write.
  const todo = approved.filter((d) => DOCUMENTS.some((k) => !has.has(`${d.driverId}/${k}`)) || (!insured.has(d.driverId) && carOf.has(d.driverId)));
  for (let i = 0; i < todo.length; i += 4) {
    await Promise.all(
      todo.slice(i, i + 4).map(async (d) => {
        const name = demoDriverProfile(d.n).full_name;
        const label = (kind: DocumentKind) => complianceText.kinds[kind];
        for (const kind of DOCUMENTS) {
          if (has.has(`${d.driverId}/${kind}`)) continue;
          const expires = kind === 'profile_photo' ? null : addDays(today, demoPaperDays(d.n, kind));
          const sides = kind === 'driver_licence' ? ['front', 'back'] : [null];
          const fileIds = await Promise.all(
            sides.map(async (side) => {
              const title = side ? `${label(kind)} (${side})` : label(kind);
              const bytes = await paperImage(name, title, expires ? [`Valid until ${expires}`] : []);
              return storePaper(services, d.userId, 'driver_document', bytes, `${kind}${side ? `-${side}` : ''}.png`);
            }),
          );
          await db
            .insertInto('driver_documents')
            .values({ driver_id: d.driverId, kind, file_ids: fileIds, expires_on: expires, status: 'approved', reviewed_by: adminId, reviewed_at: reviewedAt })
            .execute();
          created++;
        }
        const car = carOf.get(d.driverId);
        if (!insured.has(d.driverId) && car) {
          const end = addDays(today, demoPaperDays(d.n, 'insurance'));
          const insurer = INSURERS[d.n % INSURERS.length]!;
          const number = `DEMO-${String(d.n).padStart(3, '0')}-${car.license_plate}`;
          const bytes = await paperImage(name, `${label('insurance')} — ${insurer}`, [`Policy ${number}`, `Vehicle ${car.license_plate}, until ${end}`]);
          const fileId = await storePaper(services, d.userId, 'insurance', bytes, 'insurance-policy.png');
          await db
            .insertInto('insurance_policies')
            .values({
              driver_id: d.driverId,
              vehicle_id: car.id,
              insurer,
              policy_number: number,
              insured_name: name,
              coverage_start: addDays(today, -300),
              coverage_end: end,
              file_id: fileId,
              status: 'verified',
              reviewed_by: adminId,
              reviewed_at: reviewedAt,
            })
            .execute();
          created++;
        }
      }),
    );
  }
  if (created) services.logger.info({ papers: created, drivers: todo.length }, 'demo drivers given approved papers');
  return { created };
}
