import type { Bench } from './lib/types';

// Being built (issue 5); replaced by the real measurement.
export const geoBench: Bench = {
  name: 'geo',
  area: 4,
  async run() {
    throw new Error('not built yet');
  },
};
