import type { Bench } from './lib/types';

// Being built (issue 5); replaced by the real measurement.
export const dispatchBench: Bench = {
  name: 'dispatch',
  area: 5,
  async run() {
    throw new Error('not built yet');
  },
};
