import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';
import { onRecovered } from './network-status';
import { queryKeys } from './query-keys';

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    // A 401 anywhere means the session ended (expired, signed out in another tab): re-ask who we are,
    // so the nav and the socket follow instead of polling on with a dead cookie.
    onError: (error, query) => {
      if (isApiError(error, 401) && query.queryKey[0] !== queryKeys.me[0]) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      }
    },
  }),
  defaultOptions: {
    // Offline, a request fails at once with our words and the screen shows its error and retry, instead of
    // waiting paused behind a spinner forever (issue 17 §4). Reconnecting refetches (refetchOnReconnect).
    mutations: { networkMode: 'always' },
    queries: {
      networkMode: 'always',
      staleTime: 30_000,
      refetchOnWindowFocus: true,
      // Client errors will not fix themselves on retry (401 signed out, 403, 404); network and 5xx may.
      retry: (failureCount, error) => {
        if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
        return failureCount < 2;
      },
    },
  },
});

// The server answers again (the probe, or any request): what is on screen is refreshed, errors included.
onRecovered(() => void queryClient.invalidateQueries({ refetchType: 'active' }));
