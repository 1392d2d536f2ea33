import { describe, expect, it } from 'vitest';
import { phoneKey } from './phone-key';

describe('phone key (phones compared by digits)', () => {
  it('is the same for every way of typing one US number', () => {
    for (const typed of ['4155550100', '(415) 555-0100', '415.555.0100', '+1 415 555 0100', '1-415-555-0100']) expect(phoneKey(typed)).toBe('4155550100');
  });
  it('keeps other lengths as their digits', () => {
    expect(phoneKey('')).toBe('');
    expect(phoneKey('555-0100')).toBe('5550100');
    expect(phoneKey('+44 20 7946 0958')).toBe('442079460958');
  });
});
