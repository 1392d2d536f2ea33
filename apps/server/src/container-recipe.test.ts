import fs from 'node:fs';
import path from 'node:path';
import { API_ROUTES } from '@openride/shared/api';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

/**
 * The container recipe (Dockerfile, compose.yaml) cannot be built where the tests run (no Docker daemon):
 * these checks hold it to the code instead (decision 0028).
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const ignored = read('.dockerignore')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

  it('copies only paths that exist and that .dockerignore lets through', () => {
    const copies = [...dockerfile.matchAll(/^COPY (?!--from)(.+)$/gm)].map((m) => m[1]!.trim().split(/\s+/).slice(0, -1));
    expect(copies.length).toBeGreaterThan(4);
    for (const source of copies.flat()) {
      expect(fs.existsSync(path.join(ROOT, source)), source).toBe(true);
      expect(
        ignored.filter((pattern) => source === pattern || source.startsWith(`${pattern}/`)),
        source,
      ).toEqual([]);
    }
  });

  it('runs the server entry as a non-root user in production, and checks the readiness route', () => {
    const cmd = JSON.parse(/^CMD (\[.+\])$/m.exec(dockerfile)![1]!) as string[];
    expect(cmd.slice(0, 3)).toEqual(['node', '--import', 'tsx']);
    expect(fs.existsSync(path.join(ROOT, cmd[3]!))).toBe(true);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/NODE_ENV=production/);
    const health = /HEALTHCHECK[\s\S]+?(\/api\/[a-z/]+)/.exec(dockerfile)![1];
    expect(health).toBe('/api/health/ready');
    expect(API_ROUTES.some((r) => r.method === 'GET' && r.path === health)).toBe(true);
    // tsx runs the server, so `npm prune --omit=dev` must keep it: a dependency of apps/server.
    expect(JSON.parse(read('apps/server/package.json')).dependencies.tsx).toBeDefined();
  });
});

describe('compose.yaml', () => {
  const compose = read('compose.yaml');

  /** The app service's `environment:` block, `${VAR:?…}` filled with a plausible value, `${VAR:-default}` with its default. */
  function appEnvironment(values: Record<string, string>) {
    const block = /^ {2}app:\n[\s\S]*?^ {4}environment:\n((?: {6}.*\n)+)/m.exec(compose)![1]!;
    const env: Record<string, string> = {};
    for (const line of block.split('\n')) {
      const m = /^ {6}([A-Z_]+): (.*)$/.exec(line);
      if (!m) continue;
      env[m[1]!] = m[2]!.replace(/\$\{([A-Z_]+)(?::([?-])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) =>
        kind === '-' ? rest! : (values[name] ?? `missing-${name}`),
      );
    }
    return env;
  }

  it("gives the app what env.ts requires in production, pointing at compose's own PostgreSQL and Redis", () => {
    const env = appEnvironment({
      POSTGRES_PASSWORD: 'secret',
      PUBLIC_URL: 'https://rides.example.com',
      AUTH_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://mail.example.com:587',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15550000000',
    });
    expect(Object.values(env).filter((v) => v.startsWith('missing-'))).toEqual([]);
    const parsed = parseEnv({ ...env, NODE_ENV: 'production' });
    expect(new URL(parsed.DATABASE_URL!).host).toBe('postgres:5432');
    expect(new URL(parsed.REDIS_URL!).host).toBe('redis:6379');
    expect(compose).toMatch(/^ {2}postgres:\n {4}image: postgres:15$/m);
    expect(compose).toMatch(/^ {2}redis:\n {4}image: redis:7$/m);
    // Every required value is refused when unset (compose's `:?`), never silently empty.
    for (const name of ['AUTH_SECRET', 'PUBLIC_URL', 'SMTP_URL', 'TWILIO_ACCOUNT_SID', 'POSTGRES_PASSWORD']) expect(compose).toContain(`\${${name}:?`);
  });
});
