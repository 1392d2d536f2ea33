import type { Bench } from './lib/types';

// Being built (issue 5); replaced by the real measurement.
export const httpBench: Bench = {
  name: 'http',
  area: 1,
  async run() {
    throw new Error('not built yet');
  },
};
