import { describe, expect, it } from 'vitest';
import { formatAge, percent } from './format';

describe('formatAge', () => {
  it('says seconds, minutes, hours, then days', () => {
    expect(formatAge(0)).toBe('0 s');
    expect(formatAge(89)).toBe('89 s');
    expect(formatAge(90)).toBe('2 min');
    expect(formatAge(89 * 60)).toBe('89 min');
    expect(formatAge(2 * 3600)).toBe('2 h');
    expect(formatAge(3 * 86_400)).toBe('3 d');
  });
});

describe('percent', () => {
  it('rounds and shows a dash for nothing', () => {
    expect(percent(0.756)).toBe('76%');
    expect(percent(1)).toBe('100%');
    expect(percent(null)).toBe('—');
  });
});
