import { ACTIVE_STATUSES, type RideStatus } from '@openride/shared/rides/ride-state';

/**
 * The active statuses once a driver has taken the ride (all but 'requested'): the driver's position is
 * shared and the chat is open. Derived from the state machine's list, so a new active status joins it.
 */
export const DRIVER_ASSIGNED_STATUSES: readonly RideStatus[] = ACTIVE_STATUSES.filter((status) => status !== 'requested');

export const isDriverAssigned = (status: RideStatus | undefined): boolean => status !== undefined && DRIVER_ASSIGNED_STATUSES.includes(status);
