/**
 * `npm run bench [-- --quick] [--only name,name]`: every hot path of OpenRide measured beside a baseline
 * taken in the same run on the same machine. Ends with one Markdown table and writes it, with the raw
 * rows, to bench/results/latest.json (and latest.md).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { benches } from './benches';
import { markdownTable } from './lib/report';
import type { BenchContext, Row } from './lib/types';

const ROOT = path.resolve(import.meta.dirname, '..');

function parseArgs(argv: string[]) {
  const quick = argv.includes('--quick');
  const onlyIdx = argv.findIndex((a) => a === '--only' || a.startsWith('--only='));
  const onlyArg = onlyIdx < 0 ? undefined : argv[onlyIdx]!.includes('=') ? argv[onlyIdx]!.split('=')[1] : argv[onlyIdx + 1];
  const only = onlyArg ? new Set(onlyArg.split(',').map((s) => s.trim())) : null;
  const unknown = argv.filter((a, i) => a !== '--quick' && i !== onlyIdx && !(onlyIdx >= 0 && !argv[onlyIdx]!.includes('=') && i === onlyIdx + 1));
  if (argv.includes('--help') || unknown.length) {
    console.log(`usage: npm run bench [-- --quick] [--only ${benches.map((b) => b.name).join(',')}]`);
    process.exit(unknown.length && !argv.includes('--help') ? 2 : 0);
  }
  if (only)
    for (const n of only) if (!benches.some((b) => b.name === n)) throw new Error(`unknown bench "${n}": one of ${benches.map((b) => b.name).join(', ')}`);
  return { quick, only };
}

async function reachablePostgres(url: string) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

async function reachableRedis(url: string) {
  const r = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

async function main() {
  const { quick, only } = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'openride-bench-'));
  const ctx: BenchContext = {
    quick,
    tmpDir,
    postgresUrl: (await reachablePostgres(postgresUrl)) ? postgresUrl : null,
    redisUrl: (await reachableRedis(redisUrl)) ? redisUrl : null,
    log: (msg) => console.log(`  ${msg}`),
  };
  console.log(`OpenRide bench (${quick ? 'quick' : 'full'} pass) on ${os.cpus().length} cores, Node ${process.version}`);
  console.log(
    `PostgreSQL: ${ctx.postgresUrl ? postgresUrl : 'not reachable (its rows are skipped)'} · Redis: ${ctx.redisUrl ? redisUrl : 'not reachable (its rows are skipped)'}`,
  );

  const rows: Row[] = [];
  const failures: string[] = [];
  for (const bench of benches) {
    if (only && !only.has(bench.name)) continue;
    const t = performance.now();
    console.log(`\n[${bench.area}] ${bench.name}`);
    try {
      const got = await (await bench.load()).run(ctx);
      rows.push(...got);
      for (const r of got)
        console.log(`  = ${r.figure}: ${r.value ?? '—'} ${r.unit}${r.baseline ? ` (baseline ${r.baseline.label}: ${r.baseline.value ?? '—'})` : ''}`);
    } catch (err) {
      failures.push(bench.name);
      console.error(`  ${bench.name} failed:`, err);
      rows.push({
        area: bench.area,
        figure: `${bench.name}: did not complete`,
        value: null,
        unit: '',
        note: String((err as Error)?.message ?? err)
          .split('\n')[0]!
          .slice(0, 160),
        met: null,
      });
    }
    console.log(`  (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  }
  await fs.rm(tmpDir, { recursive: true, force: true });

  rows.sort((a, b) => a.area - b.area);
  const table = markdownTable(rows);
  const targets = rows.filter((r) => r.target);
  const summary = `${targets.filter((r) => r.met === true).length} of ${targets.length} targets met`;
  console.log(`\n${table}\n\n${summary} · ${quick ? 'quick' : 'full'} pass · ${((performance.now() - started) / 1000).toFixed(0)} s`);

  const resultsDir = path.join(ROOT, 'bench/results');
  await fs.mkdir(resultsDir, { recursive: true });
  const meta = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    quick,
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    postgres: ctx.postgresUrl != null,
    redis: ctx.redisUrl != null,
    seconds: Math.round((performance.now() - started) / 1000),
  };
  await fs.writeFile(path.join(resultsDir, 'latest.json'), `${JSON.stringify({ ...meta, summary, rows, table }, null, 2)}\n`);
  await fs.writeFile(
    path.join(resultsDir, 'latest.md'),
    `# OpenRide bench, ${meta.date} (${quick ? 'quick' : 'full'}, ${meta.commit ?? 'no commit'})\n\n${table}\n\n${summary}\n`,
  );
  console.log(`written: bench/results/latest.json, bench/results/latest.md`);
  if (failures.length) {
    console.error(`did not complete: ${failures.join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
// Keep-alive handles of a bench (sockets, pools) must not hold the run open once the table is out.
process.exit(process.exitCode ?? 0);
