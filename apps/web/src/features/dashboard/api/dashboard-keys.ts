/** Every query key of the driver's dashboard, under the driver key so signing out and 'driver.changed' reach them. */
export const dashboardKeys = {
  all: ['driver', 'dashboard'] as const,
  figures: ['driver', 'dashboard', 'figures'] as const,
  demand: ['driver', 'dashboard', 'demand'] as const,
  compliance: ['driver', 'dashboard', 'compliance'] as const,
};
