import { distanceMeters, type LatLngPoint } from './lat-lng';

/**
 * An offline gazetteer of well-known San Francisco places: the demo city's seed data (decision 0096). Migration
 * 0052 and the demo seed copy it into `city_places` for the city `sf`, which the booking page searches; the demo
 * simulator reads it directly, for the demo city only. No product code path searches it. Every place lies inside
 * the San Francisco service area (30 km around the city centre), SFO and OAK included.
 */
export type SfPlace = {
  /** Stable, URL-safe. */
  id: string;
  name: string;
  /** Other names people type: "SFO", "AT&T Park", "Crooked Street". */
  aliases?: readonly string[];
  /** Neighbourhood or short context shown under the name. */
  area: string;
  lat: number;
  lng: number;
};

export const SF_CENTER: LatLngPoint = { lat: 37.7749, lng: -122.4194 };
export const SF_SERVICE_RADIUS_M = 30_000;

export const SF_PLACES: readonly SfPlace[] = [
  { id: 'ferry-building', name: 'Ferry Building', aliases: ['Ferry Plaza'], area: 'Embarcadero', lat: 37.7955, lng: -122.3937 },
  { id: 'union-square', name: 'Union Square', area: 'Downtown', lat: 37.788, lng: -122.4075 },
  { id: 'golden-gate-park', name: 'Golden Gate Park', area: 'Richmond / Sunset', lat: 37.7694, lng: -122.4862 },
  { id: 'oracle-park', name: 'Oracle Park', aliases: ['AT&T Park', 'Giants Ballpark'], area: 'SoMa', lat: 37.7786, lng: -122.3893 },
  { id: 'mission-dolores', name: 'Mission Dolores', aliases: ['Misión San Francisco de Asís'], area: 'Mission', lat: 37.7643, lng: -122.427 },
  { id: 'coit-tower', name: 'Coit Tower', aliases: ['Telegraph Hill'], area: 'North Beach', lat: 37.8024, lng: -122.4058 },
  { id: 'fishermans-wharf', name: "Fisherman's Wharf", area: 'Waterfront', lat: 37.808, lng: -122.4177 },
  { id: 'sfo', name: 'San Francisco International Airport', aliases: ['SFO', 'Airport'], area: 'San Mateo County', lat: 37.6213, lng: -122.379 },
  { id: 'oak', name: 'Oakland International Airport', aliases: ['OAK'], area: 'Oakland', lat: 37.7126, lng: -122.2197 },
  { id: 'pier-39', name: 'Pier 39', aliases: ['Sea Lions'], area: 'Waterfront', lat: 37.8087, lng: -122.4098 },
  { id: 'golden-gate-bridge', name: 'Golden Gate Bridge', aliases: ['Golden Gate Bridge Welcome Center'], area: 'Presidio', lat: 37.8078, lng: -122.475 },
  { id: 'palace-of-fine-arts', name: 'Palace of Fine Arts', area: 'Marina', lat: 37.8029, lng: -122.4484 },
  { id: 'alcatraz-landing', name: 'Alcatraz Landing', aliases: ['Pier 33', 'Alcatraz Ferry'], area: 'Embarcadero', lat: 37.8067, lng: -122.4036 },
  { id: 'lombard-street', name: 'Lombard Street', aliases: ['Crooked Street'], area: 'Russian Hill', lat: 37.8021, lng: -122.4187 },
  { id: 'dragon-gate', name: 'Chinatown Dragon Gate', aliases: ['Chinatown'], area: 'Chinatown', lat: 37.7908, lng: -122.4058 },
  {
    id: 'salesforce-transit-center',
    name: 'Salesforce Transit Center',
    aliases: ['Salesforce Park', 'Salesforce Tower'],
    area: 'SoMa',
    lat: 37.7897,
    lng: -122.3969,
  },
  { id: 'moscone-center', name: 'Moscone Center', area: 'SoMa', lat: 37.7842, lng: -122.4016 },
  { id: 'sfmoma', name: 'SFMOMA', aliases: ['San Francisco Museum of Modern Art'], area: 'SoMa', lat: 37.7857, lng: -122.4011 },
  { id: 'caltrain-4th-king', name: 'Caltrain 4th & King', aliases: ['San Francisco Caltrain Station'], area: 'Mission Bay', lat: 37.7766, lng: -122.3947 },
  { id: 'chase-center', name: 'Chase Center', aliases: ['Warriors Arena'], area: 'Mission Bay', lat: 37.768, lng: -122.3877 },
  { id: 'city-hall', name: 'San Francisco City Hall', aliases: ['City Hall', 'Civic Center'], area: 'Civic Center', lat: 37.7793, lng: -122.4193 },
  { id: 'painted-ladies', name: 'Painted Ladies', aliases: ['Alamo Square'], area: 'Alamo Square', lat: 37.7762, lng: -122.4328 },
  { id: 'twin-peaks', name: 'Twin Peaks', area: 'Twin Peaks', lat: 37.7544, lng: -122.4477 },
  { id: 'castro-theatre', name: 'Castro Theatre', aliases: ['The Castro'], area: 'Castro', lat: 37.762, lng: -122.4348 },
  { id: 'dolores-park', name: 'Mission Dolores Park', aliases: ['Dolores Park'], area: 'Mission', lat: 37.7596, lng: -122.4269 },
  { id: 'haight-ashbury', name: 'Haight-Ashbury', aliases: ['Haight and Ashbury'], area: 'Haight', lat: 37.7692, lng: -122.4481 },
  { id: 'cal-academy', name: 'California Academy of Sciences', aliases: ['Cal Academy'], area: 'Golden Gate Park', lat: 37.7699, lng: -122.4661 },
  { id: 'de-young', name: 'de Young Museum', area: 'Golden Gate Park', lat: 37.7715, lng: -122.4686 },
  { id: 'japanese-tea-garden', name: 'Japanese Tea Garden', area: 'Golden Gate Park', lat: 37.7702, lng: -122.4703 },
  { id: 'ocean-beach', name: 'Ocean Beach', area: 'Outer Sunset', lat: 37.7594, lng: -122.5107 },
  { id: 'lands-end', name: 'Lands End Lookout', aliases: ['Sutro Baths'], area: 'Outer Richmond', lat: 37.7798, lng: -122.5115 },
  { id: 'crissy-field', name: 'Crissy Field', area: 'Presidio', lat: 37.8039, lng: -122.464 },
  { id: 'ghirardelli-square', name: 'Ghirardelli Square', area: 'Fisherman’s Wharf', lat: 37.8059, lng: -122.4229 },
  { id: 'washington-square', name: 'Washington Square', aliases: ['North Beach'], area: 'North Beach', lat: 37.8008, lng: -122.4101 },
  { id: 'transamerica-pyramid', name: 'Transamerica Pyramid', area: 'Financial District', lat: 37.7952, lng: -122.4028 },
  { id: 'embarcadero-center', name: 'Embarcadero Center', aliases: ['Embarcadero BART'], area: 'Financial District', lat: 37.7946, lng: -122.3999 },
  { id: 'exploratorium', name: 'Exploratorium', aliases: ['Pier 15'], area: 'Embarcadero', lat: 37.8017, lng: -122.3973 },
  { id: 'ucsf-parnassus', name: 'UCSF Parnassus', aliases: ['UCSF Medical Center'], area: 'Inner Sunset', lat: 37.7631, lng: -122.4586 },
  { id: 'sf-zoo', name: 'San Francisco Zoo', aliases: ['Zoo'], area: 'Parkside', lat: 37.733, lng: -122.5029 },
  { id: 'stonestown', name: 'Stonestown Galleria', area: 'Lakeshore', lat: 37.7281, lng: -122.4766 },
  { id: 'bernal-heights-park', name: 'Bernal Heights Park', area: 'Bernal Heights', lat: 37.7431, lng: -122.4144 },
  { id: '24th-mission-bart', name: '24th St Mission BART', aliases: ['24th Street Mission'], area: 'Mission', lat: 37.7522, lng: -122.4184 },
  { id: 'japantown', name: 'Japan Center', aliases: ['Japantown'], area: 'Japantown', lat: 37.7853, lng: -122.4298 },
  { id: 'grace-cathedral', name: 'Grace Cathedral', area: 'Nob Hill', lat: 37.7919, lng: -122.413 },
  { id: 'yerba-buena-gardens', name: 'Yerba Buena Gardens', area: 'SoMa', lat: 37.785, lng: -122.4025 },
];

/** Lower case, accents dropped, apostrophes removed ("Fisherman's" → "fishermans"), other punctuation → space. */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const words = (text: string) => normalizeForSearch(text).split(' ').filter(Boolean);

type Indexed = { place: SfPlace; names: { normalized: string; words: string[]; alias: boolean }[] };
const INDEX: Indexed[] = SF_PLACES.map((place) => ({
  place,
  names: [place.name, ...(place.aliases ?? [])].map((name, i) => ({ normalized: normalizeForSearch(name), words: words(name), alias: i > 0 })),
}));

/**
 * Rank of one name against the query, lower is better, or null when it does not match. Every query word
 * must be the prefix of a different word of the name, in any order ("park golden" finds Golden Gate Park).
 */
function rankName(query: string, queryWords: string[], name: Indexed['names'][number]): number | null {
  if (name.normalized === query) return 0;
  if (name.normalized.startsWith(query)) return 1;
  const used = new Set<number>();
  for (const q of queryWords) {
    const at = name.words.findIndex((w, i) => !used.has(i) && w.startsWith(q));
    if (at < 0) return null;
    used.add(at);
  }
  // The first word of the query starting the first word of the name reads as "starts with".
  return name.words[0]!.startsWith(queryWords[0]!) ? 2 : 3;
}

/**
 * Places whose name or alias matches the query: case- and accent-insensitive, word prefixes ("gold ga"),
 * ranked exact name, name prefix, first word, any word; a match on a name beats one on an alias, then
 * shorter names first. An empty query finds nothing.
 */
export function searchPlaces(query: string, limit = 8): SfPlace[] {
  const q = normalizeForSearch(query);
  if (!q) return [];
  const qWords = q.split(' ');
  const hits: { place: SfPlace; score: number }[] = [];
  for (const entry of INDEX) {
    let best: number | null = null;
    for (const name of entry.names) {
      const rank = rankName(q, qWords, name);
      if (rank === null) continue;
      // An alias hit ranks just below a name hit of the same kind.
      const score = rank * 2 + (name.alias ? 1 : 0);
      if (best === null || score < best) best = score;
    }
    if (best !== null) hits.push({ place: entry.place, score: best });
  }
  hits.sort((a, b) => a.score - b.score || a.place.name.length - b.place.name.length || a.place.name.localeCompare(b.place.name));
  return hits.slice(0, limit).map((h) => h.place);
}

/** The gazetteer place within `maxMeters` of a point, nearest first, e.g. to label a tap on the map. */
export function nearestPlace(point: LatLngPoint, maxMeters = 250): SfPlace | null {
  let best: SfPlace | null = null;
  let bestDistance = maxMeters;
  for (const place of SF_PLACES) {
    const d = distanceMeters(point, place);
    if (d <= bestDistance) {
      best = place;
      bestDistance = d;
    }
  }
  return best;
}
