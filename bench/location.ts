import type { Bench } from './lib/types';

// Being built (issue 5); replaced by the real measurement.
export const locationBench: Bench = {
  name: 'location',
  area: 3,
  async run() {
    throw new Error('not built yet');
  },
};
