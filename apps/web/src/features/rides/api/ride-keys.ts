/** Query keys of the rider's ride screens; 'rides' first so one invalidation refreshes them all. */
export const rideKeys = {
  all: ['rides'] as const,
  active: ['rides', 'active'] as const,
  history: ['rides', 'history'] as const,
  ride: (id: string) => ['rides', 'ride', id] as const,
  receipt: (id: string) => ['rides', 'receipt', id] as const,
  quote: (key: string) => ['rides', 'quote', key] as const,
  shared: (token: string) => ['share', token] as const,
};
