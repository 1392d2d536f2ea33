import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * House rule (issue 28): no source file outside the tests grows past 400 lines without saying why at its top.
 * A long file is usually two things in one; where it is not (the database's types, one state machine that reads
 * top to bottom), the first lines say so with "Over 400 lines:" and the reason.
 */
const LIMIT = 400;
const MARK = /^(?:#!.*\n)?(?:\s*(?:\/\/|\/\*|\*).*\n){0,3}?\s*(?:\/\/|\/\*|\*)\s*Over 400 lines: \S/;

const sources = execFileSync('git', ['ls-files', '-z', '--', '*.ts', '*.tsx', '*.js', '*.mjs', '*.css'], { encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && !/\.test\.tsx?$|^e2e\/|^apps\/server\/test\//.test(file));

describe('file length', () => {
  it('finds the sources it judges (the listing is not empty)', () => {
    expect(sources.length).toBeGreaterThan(500);
    expect(sources).toContain('apps/server/src/app.ts');
  });

  it(`every source file over ${LIMIT} lines says why in its first lines`, () => {
    const unexplained = sources.filter((file) => {
      const text = readFileSync(file, 'utf8');
      return text.split('\n').length - (text.endsWith('\n') ? 1 : 0) > LIMIT && !MARK.test(text);
    });
    expect(unexplained).toEqual([]);
  });

  it('the mark is read only at the top, with a reason after it', () => {
    expect(MARK.test('// Over 400 lines: one table per interface.\nimport x;\n')).toBe(true);
    expect(MARK.test('#!/usr/bin/env node\n// Over 400 lines: drawings.\n')).toBe(true);
    expect(MARK.test('import x;\n// Over 400 lines: too late.\n')).toBe(false);
    expect(MARK.test('// Over 400 lines:\n')).toBe(false);
  });
});
