import { VEHICLE_MACHINE } from '@openride/shared/vehicles/vehicle-state';
import { ASSIGNED_STATUSES } from '@openride/shared/rides/ride-state';
import { VEHICLE_PHOTOS_MAX, type VehicleInput } from '@openride/shared/vehicles/schemas';
import { vehicleText } from '@openride/shared/vehicles/vehicle-text';
import type { Kysely } from 'kysely';
import { lockDriver } from '../db/ride-locks';
import type { DB } from '../db/schema';
import { findFile } from '../files/files.repo';
import { AppError, badRequest, domainError, isUniqueViolation, notFound } from '../lib/errors';
import { inTransaction } from '../lib/transaction';
import { move } from '../lib/move';
import { allVehicleRules } from './vehicle-rules.repo';
import { mirrorActiveVehicle, photoIdsOf, VEHICLE_COLUMNS, type VehicleRow, vehicleView } from './vehicles.repo';
import type { Ports } from '../ports';
import { ownApprovedDriver } from '../driver-record/current-driver';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /vehicles is for approved drivers: their newest record. Without one, 403; pending or rejected, DRIVER_NOT_APPROVED. */
async function approvedDriverId(db: Kysely<DB>, userId: string) {
  return (await ownApprovedDriver(db, userId, { notADriver: vehicleText.errors.notADriver })).id;
}

const onRide = async (db: Kysely<DB>, driverId: string) =>
  Boolean(await db.selectFrom('rides').select('id').where('driver_id', '=', driverId).where('status', 'in', ASSIGNED_STATUSES).limit(1).executeTakeFirst());

/** `GET /api/vehicles`: active first, then newest. */
export async function listOwnVehicles(services: Pick<Ports, 'db'>, userId: string) {
  const { db } = services;
  const driverId = await approvedDriverId(db, userId);
  const [rows, cities, riding] = await Promise.all([
    db.selectFrom('vehicles').select(VEHICLE_COLUMNS).where('driver_id', '=', driverId).orderBy('active', 'desc').orderBy('created_at', 'desc').execute(),
    allVehicleRules(db),
    onRide(db, driverId),
  ]);
  return { vehicles: rows.map((r) => vehicleView(r, cities)), on_ride: riding };
}

async function ownVehicle(trx: Kysely<DB>, driverId: string, vehicleId: string) {
  if (!UUID.test(vehicleId)) throw notFound(vehicleText.errors.notFound);
  const row = await trx.selectFrom('vehicles').select(VEHICLE_COLUMNS).where('id', '=', vehicleId).forUpdate().executeTakeFirst();
  // Another driver's vehicle answers as one that does not exist.
  if (!row || row.driver_id !== driverId) throw notFound(vehicleText.errors.notFound);
  return row;
}

const duplicatePlate = (err: unknown) => {
  if (isUniqueViolation(err, 'vehicles_driver_plate_idx')) return new AppError('CONFLICT', vehicleText.errors.duplicatePlate);
  return err;
};

/** Add a vehicle: pending verification; active only when the driver has no active one. */
export async function addVehicle(services: Pick<Ports, 'db'>, userId: string, input: VehicleInput) {
  const { db } = services;
  const driverId = await approvedDriverId(db, userId);
  try {
    const row = await inTransaction(db, async (trx) => {
      await lockDriver(trx, driverId, 'update');
      const hasActive = await trx.selectFrom('vehicles').select('id').where('driver_id', '=', driverId).where('active', '=', true).executeTakeFirst();
      const row = await trx
        .insertInto('vehicles')
        .values({ driver_id: driverId, ...input, status: 'pending', active: !hasActive })
        .returning(VEHICLE_COLUMNS)
        .executeTakeFirstOrThrow();
      if (!hasActive) await mirrorActiveVehicle(trx, driverId);
      return row;
    });
    return vehicleView(row, await allVehicleRules(db));
  } catch (err) {
    throw duplicatePlate(err);
  }
}

/** Edit a vehicle: it goes back to verification. The active one stays active and takes no ride until verified. */
export async function editVehicle(services: Pick<Ports, 'db'>, userId: string, vehicleId: string, input: VehicleInput) {
  const { db } = services;
  const driverId = await approvedDriverId(db, userId);
  try {
    const row = await inTransaction(db, async (trx) => {
      await lockDriver(trx, driverId, 'update');
      await ownVehicle(trx, driverId, vehicleId);
      const now = new Date();
      const row: VehicleRow | undefined = await move(trx, VEHICLE_MACHINE, {
        table: 'vehicles',
        id: vehicleId,
        to: 'pending',
        actor: 'driver',
        set: { ...input, rejection_reason: null, reviewed_at: null, reviewed_by: null, updated_at: now },
      });
      if (!row) throw new Error(`Vehicle ${vehicleId} could not go back to review`);
      if (row.active) await mirrorActiveVehicle(trx, driverId);
      return row;
    });
    return vehicleView(row, await allVehicleRules(db));
  } catch (err) {
    throw duplicatePlate(err);
  }
}

/**
 * Make a verified vehicle the active one, not while on a ride. Under the driver's lock (the last of
 * decision 0021's order; an accept takes it after the ride's, so a ride accepted meanwhile is seen).
 */
export async function activateVehicle(services: Pick<Ports, 'db'>, userId: string, vehicleId: string) {
  const { db } = services;
  const driverId = await approvedDriverId(db, userId);
  const row = await inTransaction(db, async (trx) => {
    await lockDriver(trx, driverId, 'update');
    const vehicle = await ownVehicle(trx, driverId, vehicleId);
    if (vehicle.status !== 'verified') throw new AppError('CONFLICT', vehicleText.errors.notVerified);
    if (await onRide(trx, driverId)) throw domainError('DRIVER_HAS_ACTIVE_RIDE', vehicleText.errors.onRide);
    if (vehicle.active) return vehicle;
    const now = new Date();
    // The old one first: the partial unique index allows one active at a time, also in between.
    await trx.updateTable('vehicles').set({ active: false, updated_at: now }).where('driver_id', '=', driverId).where('active', '=', true).execute();
    const row = await trx
      .updateTable('vehicles')
      .set({ active: true, updated_at: now })
      .where('id', '=', vehicleId)
      .returning(VEHICLE_COLUMNS)
      .executeTakeFirstOrThrow();
    await mirrorActiveVehicle(trx, driverId);
    return row;
  });
  return vehicleView(row, await allVehicleRules(db));
}

/**
 * The photo change in one transaction under the driver's lock: like an edit (decision 0046), the vehicle goes
 * back to verification (decision 0048: the admin checks the car against what they saw).
 */
async function changePhotos(db: Kysely<DB>, userId: string, vehicleId: string, change: (trx: Kysely<DB>, photos: string[]) => Promise<string[] | null>) {
  const driverId = await approvedDriverId(db, userId);
  const row = await inTransaction(db, async (trx) => {
    await lockDriver(trx, driverId, 'update');
    const vehicle = await ownVehicle(trx, driverId, vehicleId);
    const photos = await change(trx, photoIdsOf(vehicle.photo_file_ids));
    // Nothing to change (the photo is attached already): the vehicle stays as it is.
    if (!photos) return vehicle;
    const row: VehicleRow | undefined = await move(trx, VEHICLE_MACHINE, {
      table: 'vehicles',
      id: vehicleId,
      to: 'pending',
      actor: 'driver',
      set: { photo_file_ids: photos, rejection_reason: null, reviewed_at: null, reviewed_by: null, updated_at: new Date() },
    });
    if (!row) throw new Error(`Vehicle ${vehicleId} could not go back to review`);
    return row;
  });
  return vehicleView(row, await allVehicleRules(db));
}

/**
 * Attach a photo the driver uploaded (purpose `vehicle_photo`) to their vehicle: up to VEHICLE_PHOTOS_MAX.
 * Another user's file answers as one that does not exist (404); a file of another purpose is 400.
 */
export async function attachVehiclePhoto(services: Pick<Ports, 'db'>, userId: string, vehicleId: string, fileId: string) {
  return changePhotos(services.db, userId, vehicleId, async (trx, photos) => {
    const file = await findFile(trx, fileId);
    if (!file || file.owner_id !== userId) throw notFound(vehicleText.errors.photoNotFound);
    if (file.purpose !== 'vehicle_photo') throw badRequest(vehicleText.errors.notAVehiclePhoto);
    if (photos.includes(file.id)) return null;
    if (photos.length >= VEHICLE_PHOTOS_MAX) throw new AppError('CONFLICT', vehicleText.errors.tooManyPhotos(VEHICLE_PHOTOS_MAX));
    return [...photos, file.id];
  });
}

/** Detach a photo from the driver's vehicle (the file itself stays stored; only its owner and admins read it). */
export async function detachVehiclePhoto(services: Pick<Ports, 'db'>, userId: string, vehicleId: string, fileId: string) {
  return changePhotos(services.db, userId, vehicleId, async (_trx, photos) => {
    const id = fileId.toLowerCase();
    if (!photos.includes(id)) throw notFound(vehicleText.errors.photoNotFound);
    return photos.filter((p) => p !== id);
  });
}
