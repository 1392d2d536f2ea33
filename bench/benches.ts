import { dispatchBench } from './dispatch';
import { frontendBench } from './frontend';
import { geoBench } from './geo';
import { httpBench } from './http';
import { locationBench } from './location';
import { notificationsBench } from './notifications';
import type { Bench } from './lib/types';

/** In the order: 1 HTTP, 2 poll, 3 location, 4 nearest, 5 dispatch, 6 front end. */
export const benches: Bench[] = [httpBench, notificationsBench, locationBench, geoBench, dispatchBench, frontendBench];
