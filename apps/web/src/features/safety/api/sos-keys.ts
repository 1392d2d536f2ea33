/** Every query key of SOS (decision 0061): the caller's state on a ride, and the operators' open alerts. */
export const sosKeys = {
  mine: (rideId: string) => ['safety', 'sos', 'ride', rideId] as const,
  open: ['admin', 'sos'] as const,
};
