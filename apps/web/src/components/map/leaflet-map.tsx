import 'leaflet/dist/leaflet.css';
import './leaflet-overrides.css';
import L from 'leaflet';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AttributionControl, CircleMarker, MapContainer, Marker, Polygon, Polyline, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { riderText } from '@openride/shared/rides/rider-text';
import { OfflineBasemap } from './offline-basemap';
import type { DriverPosition, LatLngTuple, MapPoint, MapVertices, RideMapProps } from './ride-map-types';

const SF_CENTER: LatLngTuple = [37.7749, -122.4194];
const EMPTY_ZOOM = 12;
const SINGLE_POINT_ZOOM = 15;
const FIT_PADDING: L.PointTuple = [48, 48];
// Programmatic moves are not animated: Leaflet 1.9 finishes a zoom animation on a 250 ms timer that
// outlives map.remove(), so leaving the page mid-fit threw "_leaflet_pos of undefined".
const FIT = { padding: FIT_PADDING, maxZoom: 16, animate: false } as const;
// A tile server that answers nothing but errors is given up after this many failures without one success,
// so a phone offline (or a blocked tile host) stops asking for tiles on every pan and zoom.
const TILE_FAILURES_TO_GIVE_UP = 4;

// divIcons only: Leaflet's default marker images resolve to paths Vite does not serve.
const pickupIcon = L.divIcon({
  className: 'ride-map-marker',
  html: '<span style="display:block;width:22px;height:22px;border-radius:9999px;background:#10b981;border:4px solid #fff;box-shadow:0 1px 4px rgba(2,6,23,.45)"></span>',
  iconSize: [22, 22],
  iconAnchor: [11, 11],
});
const destinationIcon = L.divIcon({
  className: 'ride-map-marker',
  html: '<span style="display:block;width:20px;height:20px;background:#0f172a;border:4px solid #fff;box-shadow:0 1px 4px rgba(2,6,23,.45)"></span>',
  iconSize: [20, 20],
  iconAnchor: [10, 10],
});

function driverIcon(heading: number | null | undefined): L.DivIcon {
  const turn = Number.isFinite(heading) ? Math.round(heading as number) : 0;
  return L.divIcon({
    className: 'ride-map-marker',
    html:
      `<span style="display:flex;align-items:center;justify-content:center;width:34px;height:34px;border-radius:9999px;background:#0f172a;border:3px solid #fff;box-shadow:0 2px 6px rgba(2,6,23,.5);transform:rotate(${turn}deg)">` +
      '<svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2l7 19-7-4-7 4z" fill="#34d399"/></svg></span>',
    iconSize: [34, 34],
    iconAnchor: [17, 17],
  });
}

const toTuple = (p: { lat: number; lng: number }): LatLngTuple => [p.lat, p.lng];

const vertexIcon = (n: number, colour: string) =>
  L.divIcon({
    className: 'ride-map-marker',
    html: `<span style="display:flex;align-items:center;justify-content:center;width:24px;height:24px;border-radius:9999px;background:#fff;border:3px solid ${colour};font:600 11px/1 system-ui,sans-serif;color:#0f172a;box-shadow:0 1px 4px rgba(2,6,23,.45);cursor:move">${n}</span>`,
    iconSize: [24, 24],
    iconAnchor: [12, 12],
  });

/** The corners of a polygon being drawn: numbered, draggable handles and a dashed outline (keyboard users edit the list beside the map). */
function VertexEditor({ points, onMove, colour, label }: MapVertices) {
  return (
    <>
      {points.length > 1 ? (
        <Polygon
          positions={points as LatLngTuple[]}
          interactive={false}
          pathOptions={{ color: colour, weight: 3, dashArray: '6 6', fillColor: colour, fillOpacity: 0.15 }}
        />
      ) : null}
      {points.map((p, i) => (
        <Marker
          key={i}
          position={p}
          draggable
          keyboard={false}
          title={label(i)}
          icon={vertexIcon(i + 1, colour)}
          zIndexOffset={2000}
          eventHandlers={{ dragend: (e) => onMove(i, (e.target as L.Marker).getLatLng()) }}
        />
      ))}
    </>
  );
}

class PlainGrid extends L.GridLayer {
  protected override createTile(): HTMLElement {
    const tile = document.createElement('div');
    tile.style.boxShadow = 'inset -1px -1px 0 rgba(15, 23, 42, 0.07)';
    return tile;
  }
}

/** A light grid under everything: without tiles the map still pans and zooms visibly, at no network cost. */
function GridBackground() {
  const map = useMap();
  useEffect(() => {
    const grid = new PlainGrid({ tileSize: 128, zIndex: 0 });
    grid.addTo(map);
    return () => {
      grid.remove();
    };
  }, [map]);
  return null;
}

/** Leaflet measures its box once; a box that changes size later (layout, rotation) needs telling. */
function SizeWatcher() {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(container);
    return () => observer.disconnect();
  }, [map]);
  return null;
}

function PickHandler({ onPick }: { onPick: NonNullable<RideMapProps['onPick']> }) {
  useMapEvents({ click: (event) => onPick({ lat: event.latlng.lat, lng: event.latlng.lng }) });
  return null;
}

/**
 * Fits the view to what matters whenever that changes (points picked, a route arrives), but not on every
 * driver fix: the driver only pulls the view along when the car leaves it, so a rider who zoomed in stays.
 */
function FitView({ points, driver, once }: { points: LatLngTuple[]; driver: DriverPosition | null | undefined; once?: boolean }) {
  const map = useMap();
  const key = JSON.stringify(points);
  const hasDriver = Boolean(driver);
  const fitted = useRef(false);
  // Our own fits move the view too; a move while `fitting` is false is the person's (drag, wheel, buttons).
  const fitting = useRef(false);
  const personMoved = useRef(false);
  const fit = useRef<() => void>(() => undefined);

  useEffect(() => {
    const all = driver ? [...points, toTuple(driver)] : points;
    if (all.length === 0 || (once && fitted.current)) return;
    fitted.current = true;
    personMoved.current = false;
    fit.current = () => {
      fitting.current = true;
      if (all.length === 1) map.setView(all[0]!, Math.max(map.getZoom(), SINGLE_POINT_ZOOM), { animate: false });
      else map.fitBounds(L.latLngBounds(all), FIT);
      fitting.current = false;
    };
    fit.current();
    // Refit when the points change or a driver appears, not when the driver moves (the effect below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key, hasDriver]);

  // The box can change size after the fit (the sheet below settles, the phone turns): frame the same points
  // again at the new size, unless the person has moved the map since.
  useMapEvents({
    movestart: () => {
      if (!fitting.current) personMoved.current = true;
    },
    zoomstart: () => {
      if (!fitting.current) personMoved.current = true;
    },
    resize: () => {
      if (fitted.current && !personMoved.current) fit.current();
    },
  });

  useEffect(() => {
    if (!driver) return;
    const here = L.latLng(driver.lat, driver.lng);
    if (map.getBounds().pad(-0.1).contains(here)) return;
    const all = [...points, toTuple(driver)];
    fitting.current = true;
    if (all.length === 1) map.panTo(here, { animate: false });
    else map.fitBounds(L.latLngBounds(all), FIT);
    fitting.current = false;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, driver?.lat, driver?.lng]);
  return null;
}

function Tiles({ url, attribution, failed, onFail }: { url: string; attribution: string; failed: boolean; onFail: () => void }) {
  const counts = useRef({ errors: 0, loads: 0 });
  const handlers = useMemo<L.LeafletEventHandlerFnMap>(
    () => ({
      tileload: () => {
        counts.current.loads += 1;
      },
      tileerror: () => {
        counts.current.errors += 1;
        if (counts.current.loads === 0 && counts.current.errors >= TILE_FAILURES_TO_GIVE_UP) onFail();
      },
    }),
    [onFail],
  );
  if (failed) {
    // Under the zoom buttons' corner, not beside them: at the top right, wrapping on a narrow phone. The
    // tile layer is gone, and with it its credit: no "© OpenStreetMap" over a map that shows none of it.
    return (
      <p className="pointer-events-none absolute top-2 right-2 z-[1000] max-w-[calc(100%-5rem)] rounded-xl bg-white/90 px-3 py-1 text-xs text-ink-600 shadow">
        {riderText.map.tilesUnavailable}
      </p>
    );
  }
  return <TileLayer url={url} attribution={attribution} eventHandlers={handlers} maxZoom={19} />;
}

type LeafletMapProps = RideMapProps & { tileUrl: string | null; attribution: string };

const DOT_COLOURS = { free: '#059669', busy: '#0f172a' } as const;

export default function LeafletMap({
  pickup,
  destination,
  driver,
  route,
  path,
  dots,
  areas,
  vertices,
  fitOnce,
  onPick,
  center,
  tileUrl,
  attribution,
}: LeafletMapProps) {
  const points = useMemo(() => {
    const list: LatLngTuple[] = [];
    const add = (p: MapPoint | null | undefined) => {
      if (p) list.push(toTuple(p));
    };
    add(pickup);
    add(destination);
    for (const p of route ?? []) list.push(p);
    for (const p of path ?? []) list.push(p);
    for (const d of dots ?? []) list.push(toTuple(d));
    for (const a of areas ?? []) for (const p of a.boundary) list.push(p);
    return list;
  }, [pickup, destination, route, path, dots, areas]);
  const start = center ? toTuple(center) : (points[0] ?? SF_CENTER);
  const [tilesFailed, setTilesFailed] = useState(false);
  const onTilesFail = useCallback(() => setTilesFailed(true), []);
  // No tile server, or one that answers nothing: the city is drawn from what the app carries (issue 17 §5).
  const basemap = !tileUrl || tilesFailed;

  return (
    <MapContainer
      center={start}
      zoom={points.length || center ? SINGLE_POINT_ZOOM : EMPTY_ZOOM}
      className={basemap ? 'absolute inset-0 z-0 bg-[#cfe0ea]' : 'absolute inset-0 z-0 bg-ink-100'}
      attributionControl={false}
      zoomControl
    >
      {basemap ? <OfflineBasemap /> : <GridBackground />}
      <SizeWatcher />
      {tileUrl ? <Tiles url={tileUrl} attribution={attribution} failed={tilesFailed} onFail={onTilesFail} /> : null}
      {/* The credit belongs to the tiles: none while the map draws its own basemap. */}
      {basemap ? null : <AttributionControl prefix={false} />}
      {areas?.map((a) => (
        <Polygon
          key={a.id}
          positions={(a.holes?.length ? [a.boundary, ...a.holes] : a.boundary) as LatLngTuple[]}
          pathOptions={{
            color: a.fill,
            weight: a.dashed ? 2 : 1,
            dashArray: a.dashed ? '4 6' : undefined,
            opacity: Math.min(1, a.opacity + 0.2),
            fillColor: a.fill,
            fillOpacity: a.opacity,
          }}
        >
          <Tooltip sticky>{a.title}</Tooltip>
        </Polygon>
      ))}
      {dots?.map((d) => (
        <CircleMarker key={d.id} center={toTuple(d)} radius={7} pathOptions={{ color: '#fff', weight: 2, fillColor: DOT_COLOURS[d.tone], fillOpacity: 1 }}>
          <Tooltip>{d.title}</Tooltip>
        </CircleMarker>
      ))}
      {route && route.length > 1 ? <Polyline positions={route as LatLngTuple[]} pathOptions={{ color: '#0f172a', weight: 5, opacity: 0.85 }} /> : null}
      {path && path.length > 1 ? <Polyline positions={path as LatLngTuple[]} pathOptions={{ color: '#059669', weight: 4, dashArray: '6 8' }} /> : null}
      {pickup ? (
        <Marker
          position={toTuple(pickup)}
          icon={pickupIcon}
          title={pickup.label ? `${riderText.map.pickup}: ${pickup.label}` : riderText.map.pickup}
          keyboard={false}
        />
      ) : null}
      {destination ? (
        <Marker
          position={toTuple(destination)}
          icon={destinationIcon}
          title={destination.label ? `${riderText.map.destination}: ${destination.label}` : riderText.map.destination}
          keyboard={false}
        />
      ) : null}
      {driver ? (
        <Marker position={toTuple(driver)} icon={driverIcon(driver.heading)} title={riderText.map.driver} keyboard={false} zIndexOffset={1000} />
      ) : null}
      {vertices ? <VertexEditor {...vertices} /> : null}
      {onPick ? <PickHandler onPick={onPick} /> : null}
      <FitView points={points} driver={driver} once={fitOnce} />
    </MapContainer>
  );
}
