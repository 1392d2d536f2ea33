import { describe, expect, it } from 'vitest';
import { matchPlaces, placeSearchKey } from './schemas';

const places = [
  { name: 'Estación de Atocha', area: 'Retiro' },
  { name: 'Parque del Retiro', area: 'Retiro' },
  { name: 'Museo del Prado', area: 'Retiro' },
  { name: "Fisherman's Wharf", area: 'Waterfront' },
  { name: 'Golden Gate Park', area: 'Richmond / Sunset' },
  { name: 'de Young Museum', area: 'Golden Gate Park' },
];
const names = (q: string, limit?: number) => matchPlaces(places, q, limit).map((p) => p.name);

describe('matchPlaces (decision 0096: what the server answers, searched in the browser)', () => {
  it('every word a prefix of a word of the name or area, accents, case and apostrophes ignored', () => {
    expect(names('estacion')).toEqual(['Estación de Atocha']);
    expect(names('FISHERMANS')).toEqual(["Fisherman's Wharf"]);
    expect(names('park gold')).toEqual(['de Young Museum', 'Golden Gate Park']);
    expect(names('wharf fish')).toEqual(["Fisherman's Wharf"]);
    expect(names('etro')).toEqual([]);
  });

  it('a name starting with the query first, then shorter names; the limit; an empty query finds nothing', () => {
    expect(names('retiro')).toEqual(['Parque del Retiro', 'Museo del Prado', 'Estación de Atocha'].sort((a, b) => a.length - b.length || a.localeCompare(b)));
    expect(names('golden')[0]).toBe('Golden Gate Park');
    expect(names('retiro', 1)).toHaveLength(1);
    expect(names('')).toEqual([]);
    expect(names("'-!")).toEqual([]);
    expect(placeSearchKey('Café  & Bar', 'Área')).toBe('cafe and bar area');
  });
});
