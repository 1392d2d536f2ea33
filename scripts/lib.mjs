// Helpers shared by the project's scripts (plain Node, no dependencies: they run before anything is built).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Build the web app unless dist/ is newer than every source it is built from. */
export function buildWebIfStale({ quiet = false } = {}) {
  const index = path.join(ROOT, 'apps/web/dist/index.html');
  const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'].map((p) => path.join(ROOT, p));
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  if (built && Math.max(...sources.map(newestMtime)) <= built) return;
  if (!quiet) console.log('Building the web app (apps/web) ...');
  // Always a production build: vitest sets NODE_ENV=test, which would otherwise give React's dev build.
  const res = spawnSync('npm', ['run', 'build', '-w', '@openride/web'], {
    cwd: ROOT,
    stdio: quiet ? 'pipe' : 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (res.status !== 0) {
    if (quiet) process.stderr.write(`${res.stdout ?? ''}${res.stderr ?? ''}`);
    throw new Error('web build failed');
  }
}

/** Run a command with inherited output; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Sum vitest JSON reports into one count. */
export function countResults(files) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const failures = [];
  for (const file of files) {
    if (!fs.existsSync(file)) continue;
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites && !report.numFailedTests ? report.numFailedTestSuites : 0);
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const suite of report.testResults ?? []) {
      const where = path.relative(process.cwd(), suite.name ?? '');
      const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedTests) failures.push(`${path.basename(file)}: ${where} > ${t.fullName ?? t.title}`);
      if (suite.status === 'failed' && failedTests.length === 0)
        failures.push(`${path.basename(file)}: ${where} (the file failed: ${String(suite.message ?? '').split('\n')[0]})`);
    }
  }
  return { passed, failed, skipped, failures };
}
