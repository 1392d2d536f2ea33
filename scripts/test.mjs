// `npm test`: every test, three layers (unit, API on the real server in process, browser end-to-end),
// installing or finding what it needs first. Ends with one line: "N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-browser.mjs';
import { buildWebIfStale, countResults, ROOT, run } from './lib.mjs';

const report = path.join(ROOT, 'test-results', process.env.TEST_REPORT_NAME ?? 'vitest.json');
fs.mkdirSync(path.dirname(report), { recursive: true });
fs.rmSync(report, { force: true });

try {
  process.env.CHROMIUM_PATH = ensureChromium();
  buildWebIfStale();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

const extra = process.argv.slice(2);
const code = await run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra], {
  env: { ...process.env },
});
const { passed, failed, skipped } = countResults([report]);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(code !== 0 ? code : failed > 0 ? 1 : 0);
