import { describe, expect, it } from 'vitest';
import { errorText } from './error-text';
import { ERROR_CODES } from './errors';
import { messages } from './messages';
import { riderText } from './rides/rider-text';

describe('errorText', () => {
  it('gives every code its own words', () => {
    for (const code of Object.keys(ERROR_CODES)) expect(errorText(code), code).toMatch(/\w/);
  });

  it('keeps "this ride type" apart from "this pickup": both are 422, the words differ', () => {
    expect(ERROR_CODES.RIDE_TYPE_UNAVAILABLE).toBe(ERROR_CODES.OUTSIDE_SERVICE_AREA);
    expect(errorText('OUTSIDE_SERVICE_AREA')).toBe(riderText.book.outsideArea);
    expect(errorText('RIDE_TYPE_UNAVAILABLE')).not.toBe(errorText('OUTSIDE_SERVICE_AREA'));
    expect(errorText('RIDE_TYPE_UNAVAILABLE')).toContain('ride type is not available here');
  });

  it('says what the issue promises a blocked rider reads', () => {
    expect(errorText('ACCOUNT_BLOCKED')).toBe('Your account is blocked. Contact support.');
  });

  it('reads an unknown code as unexpected', () => {
    expect(errorText('NO_SUCH_CODE')).toBe(messages.errors.error.unexpected);
    expect(errorText('toString')).toBe(messages.errors.error.unexpected);
  });
});
