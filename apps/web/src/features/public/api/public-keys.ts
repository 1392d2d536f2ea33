/** Every query key of the public pages (decision 0036). */
export const publicKeys = {
  cities: ['public', 'cities'] as const,
  pricing: (city: string) => ['public', 'pricing', city] as const,
  estimate: (trip: unknown) => ['public', 'estimate', trip] as const,
};
