import { useEffect, useMemo, useState } from 'react';
import { CircleMarker, Pane, Polygon, Polyline, Tooltip, useMapEvents } from 'react-leaflet';
import { SF_MAIN_STREETS, SF_PARKS } from '@openride/shared/geo/sf-basemap';
import { SF_PLACES } from '@openride/shared/geo/sf-places';
import { gridStreetSegments, SF_LAND_POLYGON } from '@openride/shared/geo/street-grid';

// Streets of the grid are drawn once zoomed in enough for them to be streets, not a grey wash; landmarks
// are named from a zoom where their labels do not pile up.
const PANE = 'offline-basemap';
const GRID_FROM_ZOOM = 14;
const LABELS_FROM_ZOOM = 14;

const LAND = { stroke: false, fillColor: '#f5f2ea', fillOpacity: 1 } as const;
const PARK = { stroke: false, fillColor: '#cfe6c4', fillOpacity: 1 } as const;
const GRID = { color: '#ffffff', weight: 2, opacity: 1 } as const;
const MAIN_CASING = { color: '#d6d3cb', weight: 7, opacity: 1, lineCap: 'round', lineJoin: 'round' } as const;
const MAIN = { color: '#ffffff', weight: 5, opacity: 1, lineCap: 'round', lineJoin: 'round' } as const;
const LANDMARK = { color: '#ffffff', weight: 2, fillColor: '#475569', fillOpacity: 1 } as const;

/**
 * A basemap that needs no network (issue 17 §5): the city's land on the water, its parks, main streets, the
 * street grid the demo's drivers follow and named landmarks from the gazetteer. Drawn in a pane under the
 * tiles' (so tiles that do load cover it) and under the markers; nothing in it takes a tap from the map.
 */
export function OfflineBasemap() {
  const [zoom, setZoom] = useState<number | null>(null);
  const map = useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const current = zoom ?? map.getZoom();
  const grid = useMemo(() => gridStreetSegments(), []);
  // A picture, not content: the map region's screen-reader users hear the ride's markers, not 48 landmarks.
  useEffect(() => {
    map.getPane(PANE)?.setAttribute('aria-hidden', 'true');
  }, [map]);
  return (
    <Pane name={PANE} style={{ zIndex: 150 }}>
      <Polygon positions={SF_LAND_POLYGON as [number, number][]} pathOptions={LAND} interactive={false} />
      {SF_PARKS.map((park) => (
        <Polygon key={park.name} positions={park.outline as [number, number][]} pathOptions={PARK} interactive={false} />
      ))}
      {current >= GRID_FROM_ZOOM ? <Polyline positions={grid} pathOptions={GRID} interactive={false} /> : null}
      <Polyline positions={SF_MAIN_STREETS.map((s) => s.line as [number, number][])} pathOptions={MAIN_CASING} interactive={false} />
      <Polyline positions={SF_MAIN_STREETS.map((s) => s.line as [number, number][])} pathOptions={MAIN} interactive={false} />
      {current >= LABELS_FROM_ZOOM
        ? SF_PLACES.map((place) => (
            <CircleMarker key={place.id} center={[place.lat, place.lng]} radius={3} pathOptions={LANDMARK} interactive={false}>
              <Tooltip permanent direction="right" offset={[4, 0]} className="offline-basemap-label" pane={PANE}>
                {place.name}
              </Tooltip>
            </CircleMarker>
          ))
        : null}
    </Pane>
  );
}
