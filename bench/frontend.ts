import type { Bench } from './lib/types';

// Being built (issue 5); replaced by the real measurement.
export const frontendBench: Bench = {
  name: 'frontend',
  area: 6,
  async run() {
    throw new Error('not built yet');
  },
};
