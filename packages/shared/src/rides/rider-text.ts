/**
 * The rider's ride screens: map, booking, tracking, sharing, history. Spec strings stay in messages.ts;
 * these are the words the spec leaves to us, kept here so the web app and the browser tests read the same.
 */
export const riderText = {
  map: {
    label: 'Map',
    pickup: 'Pickup',
    destination: 'Destination',
    driver: 'Driver',
    tilesUnavailable: 'Map tiles unavailable: showing positions only.',
    loading: 'Loading map…',
  },
} as const;
