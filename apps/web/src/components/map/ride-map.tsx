import { lazy, Suspense } from 'react';
import { riderText } from '@openride/shared/rides/rider-text';
import { cn } from '@/lib/cn';
import { useAppConfig } from '@/lib/app-config';
import type { RideMapProps } from './ride-map-types';

export type { DriverPosition, LatLngTuple, MapArea, MapDot, MapPoint, MapVertices, RideMapProps } from './ride-map-types';

// Leaflet and its stylesheet (~150 kB) load with the first map shown, not with the page that holds it.
const LeafletMap = lazy(() => import('./leaflet-map'));

/**
 * The ride map: pickup, destination, the driver's live position, the route and the path driven. Tiles come
 * from GET /api/config; with none configured, or none loading (offline), markers and lines still draw on a
 * plain grid. Give it a size through `className` (e.g. `h-72`).
 */
export function RideMap({ className, label, ...props }: RideMapProps) {
  const config = useAppConfig();
  const tileUrl = config.data?.map.tile_url ?? null;
  const attribution = config.data?.map.attribution ?? '';
  return (
    <div role="region" aria-label={label ?? riderText.map.label} className={cn('relative isolate overflow-hidden bg-ink-100', className)}>
      <Suspense
        fallback={
          <div role="status" className="absolute inset-0 flex items-center justify-center text-sm text-ink-600">
            {riderText.map.loading}
          </div>
        }
      >
        {/* Mounted once the config is known, so a tile layer never starts on a URL about to change. */}
        {config.isPending ? null : <LeafletMap {...props} tileUrl={tileUrl} attribution={attribution} />}
      </Suspense>
    </div>
  );
}
