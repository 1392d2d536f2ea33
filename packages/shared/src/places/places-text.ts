import type { PlaceKind } from './schemas';

/** The words of /geofence-management's Places card (issue 30 §5, decision 0096). */
export const placeKindLabels: Record<PlaceKind, string> = {
  airport: 'Airport',
  station: 'Station',
  landmark: 'Landmark',
  other: 'Other',
};

export const placesText = {
  title: 'Places',
  hint: 'What riders in this city are offered as they type a pickup or destination, and what names a GPS pickup nearby.',
  add: 'Add place',
  addTitle: 'Add a place',
  editTitle: (name: string) => `Edit ${name}`,
  save: 'Save place',
  saving: 'Saving…',
  cancel: 'Cancel',
  fields: {
    name: 'Name',
    area: 'Area',
    areaHint: 'A neighbourhood or short context shown under the name.',
    kind: 'Kind',
    lat: 'Latitude',
    lng: 'Longitude',
  },
  columns: { name: 'Name', area: 'Area', kind: 'Kind', position: 'Position', actions: 'Actions' },
  none: 'No places yet: riders here are offered only the geocoder’s answers and typed coordinates.',
  loadFailed: "We couldn't load the places. Check your connection and try again.",
  saveFailed: "We couldn't save the place. Try again.",
  edit: 'Edit',
  editLabel: (name: string) => `Edit ${name}`,
  delete: 'Delete',
  deleteLabel: (name: string) => `Delete ${name}`,
  deleteTitle: 'Delete place',
  deleteDescription: (name: string) => `${name} will no longer be suggested to riders.`,
  deleteConfirm: 'Delete Place',
  added: (name: string) => `${name} added`,
  saved: (name: string) => `${name} saved`,
  deleted: (name: string) => `${name} deleted`,
  importTitle: 'Import places',
  importHint:
    'A CSV with the header name,area,kind,lat,lng, or a GeoJSON FeatureCollection of Points (properties name, area, kind). One bad row and nothing is imported.',
  importFile: 'CSV or GeoJSON file',
  importSubmit: 'Import places',
  importing: 'Importing…',
  importFailed: "We couldn't import the file. Try again.",
  imported: (n: number) => (n === 1 ? '1 place imported' : `${n} places imported`),
  badRow: (row: number, message: string) => (row === 0 ? message : `Row ${row}: ${message}`),
} as const;
