import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while answering a request carries: its id (also sent as X-Request-Id). */
export type RequestContext = { reqId: string };

export const requestContext = new AsyncLocalStorage<RequestContext>();

/** A caller's X-Request-Id is kept when it is a plausible id (a proxy's), else we make one. */
export const ACCEPTED_REQUEST_ID = /^[\w.:-]{1,64}$/;
