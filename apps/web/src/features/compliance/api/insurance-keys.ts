/** Every query key of insurance (decision 0052). */
export const insuranceKeys = {
  vehicle: (vehicleId: string) => ['vehicles', vehicleId, 'insurance'] as const,
  admin: ['admin', 'insurance-policies'] as const,
  list: (list: string, city: string) => ['admin', 'insurance-policies', list, city] as const,
};
