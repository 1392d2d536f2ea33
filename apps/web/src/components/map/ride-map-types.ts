/** [lat, lng], the order Leaflet and the server's route/path arrays use. */
export type LatLngTuple = [number, number];

export type MapPoint = { lat: number; lng: number; label?: string | null };

export type DriverPosition = { lat: number; lng: number; heading?: number | null };

/** A small round marker (a driver on an operator's map); `tone` picks its colour. */
export type MapDot = { id: string; lat: number; lng: number; tone: 'free' | 'busy'; title: string };

/** A filled polygon (a heatmap cell): corners as [lat, lng], a CSS colour, an opacity and a hover text. */
export type MapArea = {
  id: string;
  boundary: readonly LatLngTuple[];
  fill: string;
  opacity: number;
  title: string;
  holes?: readonly (readonly LatLngTuple[])[];
  dashed?: boolean;
};

/** Corners a person drags to shape a polygon: numbered handles joined by a dashed outline in `colour`. */
export type MapVertices = {
  points: readonly LatLngTuple[];
  onMove: (index: number, point: { lat: number; lng: number }) => void;
  colour: string;
  /** The accessible name of corner `index` (0-based). */
  label: (index: number) => string;
};

export type RideMapProps = {
  /** Green dot. */
  pickup?: MapPoint | null;
  /** Black square. */
  destination?: MapPoint | null;
  /** The driver's live position: a car arrow turned to `heading` (degrees clockwise from north). */
  driver?: DriverPosition | null;
  /** The planned route, drawn as a solid line. */
  route?: readonly LatLngTuple[] | null;
  /** Breadcrumbs actually driven, drawn as a dashed line (e.g. on a receipt). */
  path?: readonly LatLngTuple[] | null;
  /** Many small markers (operators' maps); the view fits them. */
  dots?: readonly MapDot[] | null;
  /** Filled polygons under everything else (heatmaps); the view fits them. */
  areas?: readonly MapArea[] | null;
  /** Draggable corners of a polygon being drawn or edited. */
  vertices?: MapVertices | null;
  /** Fit the view to what is shown once only, so refreshed dots or cells never undo the viewer's pan and zoom. */
  fitOnce?: boolean;
  /** A tap or click on the map (not on a marker). Without it the map only shows. */
  onPick?: (point: { lat: number; lng: number }) => void;
  /** Where to look when there is nothing to show yet (default: San Francisco's centre). */
  center?: MapPoint | null;
  /** The accessible name of the map region. */
  label?: string;
  /** Size it from outside (e.g. `h-72`); the map fills the box. */
  className?: string;
};
