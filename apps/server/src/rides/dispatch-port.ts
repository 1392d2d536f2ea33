/**
 * What rides asks of dispatch (issue 28 §2), declared here by the one who asks: dispatch calls rides' verbs
 * (`moveRide` to `no_driver`, `announceRideChange`), so rides may not import dispatch, not even its types.
 * server.ts hands in the real dispatcher, driver directory and location service, which fit these by shape.
 */

/** The driver's last position on a ride, as the rider's map shows it. */
export type DriverFix = { lat: number; lng: number; heading: number | null; at: string };

/** Starts a search for a ride at once (after a request, a decline, a redispatch); how long a search lasts. */
export type RideDispatcher = { kick(rideId: string): void; readonly options: { readonly searchTimeoutMs: number } };

/** This process's cache of who is a driver and in what state: forgotten when a ride changes the driver's state. */
export type DriverCache = { invalidate(userId: string): void };

/** The live positions of drivers on rides. */
export type RideLocations = { lastFixOf(rideId: string): DriverFix | null; forgetRide(rideId: string): void };
