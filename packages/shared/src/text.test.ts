import { describe, expect, it } from 'vitest';
import { hasControlCharacter, isUuid, multilineText, text } from './text';

describe('text at the edge', () => {
  it('refuses a NUL and other control characters, keeps what people type', () => {
    expect(text().safeParse('Ferry Building, Pier 1½ — café').success).toBe(true);
    for (const bad of ['a\u0000b', '\u0000', 'x\u001b[31m', 'tab\there', 'line\nbreak', '\u007f']) expect(text().safeParse(bad).success).toBe(false);
    expect(multilineText().safeParse('first line\r\n\tsecond').success).toBe(true);
    for (const bad of ['a\u0000b', '\u0007', '\u000b']) expect(multilineText().safeParse(bad).success).toBe(false);
    expect(hasControlCharacter('ok')).toBe(false);
    expect(hasControlCharacter('ride\u0000')).toBe(true);
  });

  it('reads uuids as PostgreSQL does, nothing else', () => {
    expect(isUuid('0b7e6e2c-1f9a-4c1e-9a36-2d1b6c1f0a11')).toBe(true);
    for (const bad of ['-'.repeat(36), 'not-a-uuid', '0b7e6e2c1f9a4c1e9a362d1b6c1f0a11', '0b7e6e2c-1f9a-4c1e-9a36-2d1b6c1f0a1z'])
      expect(isUuid(bad)).toBe(false);
  });
});
