import { describe, expect, it } from 'vitest';
import { messages } from '@openride/shared/messages';
import { authFailure } from './auth-errors';

const { errors } = messages;
const failed = (message: string, extra: { code?: string; rateLimited?: boolean; passwordLeaked?: boolean } = {}) => ({
  data: null,
  error: { message, code: extra.code },
  rateLimited: extra.rateLimited,
  passwordLeaked: extra.passwordLeaked,
});

describe('authFailure (§8 catalogue)', () => {
  it('rate limiting wins over everything else', () => {
    expect(authFailure('signin', failed('Invalid login credentials', { rateLimited: true }))).toEqual({
      title: errors.tooManyAttempts.title,
      description: errors.tooManyAttempts.text,
    });
  });

  it('a leaked password is Weak Password', () => {
    expect(authFailure('signup', failed('', { passwordLeaked: true })).title).toBe(errors.weakPassword.title);
  });

  it('invalid credentials, by message or code', () => {
    expect(authFailure('signin', failed('Invalid login credentials')).title).toBe(errors.invalidCredentials.title);
    expect(authFailure('signin', failed('nope', { code: 'invalid_credentials' })).description).toBe(errors.invalidCredentials.text);
  });

  it('a duplicate email is Account Found and switches to Sign In', () => {
    for (const response of [failed('User already registered'), failed('User already exists'), failed('x', { code: 'user_already_exists' })]) {
      expect(authFailure('signup', response)).toEqual({ title: errors.accountFound.title, description: errors.accountFound.text, switchToSignIn: true });
    }
  });

  it("the server's own phone check at sign-up is Phone Number In Use with its message", () => {
    expect(authFailure('signup', failed('This phone number is already registered to another account.', { code: 'phone_conflict' }))).toEqual({
      title: errors.phoneInUse.title,
      description: 'This phone number is already registered to another account.',
    });
  });

  it('other failures: Sign Up Failed with the server message or the default; Sign In Failed', () => {
    expect(authFailure('signup', failed('Email domain blocked')).description).toBe('Email domain blocked');
    expect(authFailure('signup', failed('')).description).toBe(errors.signUpFailed.text);
    expect(authFailure('signin', failed('Server exploded'))).toEqual({ title: errors.signInFailed.title, description: errors.signInFailed.text });
  });
});
