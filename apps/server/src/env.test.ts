import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

describe('environment', () => {
  it('has working defaults for `npm start`', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', NODE_ENV: 'development', REDIS_PREFIX: 'openride' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.VAPID_PUBLIC_KEY).toBeUndefined();
    expect(env.VAPID_SUBJECT).toBe('mailto:admin@openride.local');
  });

  it('reads DEFAULT_COUNTRY as an ISO country with phone numbers, US by default (issue 30 §2)', () => {
    expect(parseEnv({}).DEFAULT_COUNTRY).toBe('US');
    expect(parseEnv({ DEFAULT_COUNTRY: '' }).DEFAULT_COUNTRY).toBe('US');
    expect(parseEnv({ DEFAULT_COUNTRY: 'ES' }).DEFAULT_COUNTRY).toBe('ES');
    expect(parseEnv({ DEFAULT_COUNTRY: ' jp ' }).DEFAULT_COUNTRY).toBe('JP');
    for (const bad of ['XX', 'Spain', 'USA', '34']) expect(() => parseEnv({ DEFAULT_COUNTRY: bad })).toThrow(/DEFAULT_COUNTRY/);
  });

  it('names the variable that is wrong', () => {
    expect(() => parseEnv({ PORT: '99999' })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => parseEnv({ ADMIN_PATH: '../etc' })).toThrow(/ADMIN_PATH/);
    expect(() => parseEnv({ PORT: 'x' })).toThrow(EnvError);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'a'.repeat(43) })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => parseEnv({ VAPID_SUBJECT: 'admin@example.com' })).toThrow(/VAPID_SUBJECT/);
  });

  it('reads TRUST_PROXY as a number of proxy hops, with 1/true/0/false as before', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    for (const [value, hops] of [
      ['1', 1],
      ['true', 1],
      ['YES', 1],
      ['on', 1],
      ['0', 0],
      ['false', 0],
      ['off', 0],
      ['', 0],
      ['2', 2],
      [' 3 ', 3],
    ] as const) {
      expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY, value).toBe(hops);
    }
    for (const value of ['-1', '1.5', 'loopback', '100']) expect(() => parseEnv({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
  });

  it('keeps breadcrumbs RETENTION_BREADCRUMB_DAYS days, 90 by default, a whole number from 1 to 3650', () => {
    expect(parseEnv({}).RETENTION_BREADCRUMB_DAYS).toBe(90);
    expect(parseEnv({ RETENTION_BREADCRUMB_DAYS: '30' }).RETENTION_BREADCRUMB_DAYS).toBe(30);
    for (const value of ['0', '-5', '1.5', 'forever', '3651'])
      expect(() => parseEnv({ RETENTION_BREADCRUMB_DAYS: value }), value).toThrow(/RETENTION_BREADCRUMB_DAYS/);
  });

  it('keeps uploads on disk unless S3_BUCKET is set with both keys (decision 0045)', () => {
    expect(parseEnv({}).UPLOAD_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(parseEnv({}).S3_BUCKET).toBeUndefined();
    expect(() => parseEnv({ S3_BUCKET: 'openride-files' })).toThrow(/S3_ACCESS_KEY_ID: S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(() => parseEnv({ S3_BUCKET: 'openride-files', S3_ACCESS_KEY_ID: 'AKIA1' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => parseEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/);
    expect(() => parseEnv({ S3_BUCKET: 'Bad_Bucket', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' })).toThrow(/S3_BUCKET/);
    expect(() => parseEnv({ S3_BUCKET: 'files', S3_ENDPOINT: 'ftp://x', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' })).toThrow(/S3_ENDPOINT/);
    expect(() => parseEnv({ UPLOAD_MAX_BYTES: '10' })).toThrow(/UPLOAD_MAX_BYTES/);
    const s3 = parseEnv({ S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b', S3_REGION: '' });
    expect(s3).toMatchObject({ S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'us-east-1' });
  });

  it('in production demands real providers, a secret and a public URL', () => {
    const err = (() => {
      try {
        parseEnv({ NODE_ENV: 'production' });
      } catch (e) {
        return (e as Error).message;
      }
    })();
    for (const name of ['SMTP_URL', 'TWILIO_ACCOUNT_SID', 'AUTH_SECRET', 'PUBLIC_URL']) expect(err).toContain(name);
  });
});
