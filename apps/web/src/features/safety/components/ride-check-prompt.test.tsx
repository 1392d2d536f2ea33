import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { rideCheckKeys, type RideCheckView } from '../api/ride-check';
import { UnlessRideCheckOpen } from './ride-check-prompt';

const render = (check: RideCheckView | null) => {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(rideCheckKeys.ride('ride-1'), check);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <UnlessRideCheckOpen rideId="ride-1">
        <button type="button">SOS</button>
      </UnlessRideCheckOpen>
    </QueryClientProvider>,
  );
};

describe('the page’s SOS place during a ride check', () => {
  it('shows the page’s SOS button while no check is open, and none while the prompt carries it', () => {
    expect(render(null)).toContain('SOS');
    expect(render({ id: 'check-1', reason: 'long_stop' } as RideCheckView)).toBe('');
  });
});
