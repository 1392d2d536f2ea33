import { describe, expect, it } from 'vitest';
import { surgeColour } from './surge-colours';

describe('surgeColour', () => {
  it('is green at 1.0× and below, amber at 1.5×, red from 2.0×, blended between', () => {
    expect(surgeColour(10)).toBe('rgb(22, 163, 74)');
    expect(surgeColour(5)).toBe('rgb(22, 163, 74)');
    expect(surgeColour(15)).toBe('rgb(217, 119, 6)');
    expect(surgeColour(20)).toBe('rgb(220, 38, 38)');
    expect(surgeColour(30)).toBe('rgb(220, 38, 38)');
    expect(surgeColour(12)).not.toBe(surgeColour(10));
  });
});
