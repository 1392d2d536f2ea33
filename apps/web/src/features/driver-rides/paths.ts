/** The driver's page for one ride (the route table in app/router.tsx has /driver-ride/:bookingId). */
export const driverRidePath = (rideId: string) => `/driver-ride/${encodeURIComponent(rideId)}`;
