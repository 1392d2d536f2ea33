import { describe, expect, it } from 'vitest';
import { cornersOf, otherPartsOf, withCorners } from './geometry';

describe('zone geometry for the editor', () => {
  it('edits the outer ring and keeps the holes and other polygons', () => {
    const hole = [
      [1, 1],
      [2, 1],
      [2, 2],
      [1, 1],
    ];
    const polygon = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [0, 0],
          [5, 0],
          [5, 5],
          [0, 0],
        ],
        hole,
      ],
    };
    expect(cornersOf(polygon)).toEqual([
      [0, 0],
      [0, 5],
      [5, 5],
    ]);
    expect(otherPartsOf(polygon)).toBe(1);
    expect(
      withCorners(polygon, [
        [0, 0],
        [0, 6],
        [6, 6],
      ]),
    ).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [6, 0],
          [6, 6],
          [0, 0],
        ],
        hole,
      ],
    });
    const multi = {
      type: 'MultiPolygon' as const,
      coordinates: [
        polygon.coordinates,
        [
          [
            [9, 9],
            [10, 9],
            [10, 10],
            [9, 9],
          ],
        ],
      ],
    };
    expect(otherPartsOf(multi)).toBe(2);
    expect(
      withCorners(multi, [
        [1, 1],
        [1, 2],
        [2, 2],
      ]).coordinates[1],
    ).toEqual(multi.coordinates[1]);
    expect(
      withCorners(null, [
        [37.7, -122.4],
        [37.7, -122.3],
        [37.8, -122.3],
      ]),
    ).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [-122.4, 37.7],
          [-122.3, 37.7],
          [-122.3, 37.8],
          [-122.4, 37.7],
        ],
      ],
    });
  });
});
