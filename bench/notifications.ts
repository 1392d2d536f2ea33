import type { Bench } from './lib/types';

// Being built (issue 5); replaced by the real measurement.
export const notificationsBench: Bench = {
  name: 'notifications',
  area: 2,
  async run() {
    throw new Error('not built yet');
  },
};
