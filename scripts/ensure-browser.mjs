// Browser tests drive Debian's Chromium (playwright's own browser download cannot work offline).
// Finds it, or installs it with apt-get when running as root; otherwise says exactly what to run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean);

export function findChromium() {
  return CANDIDATES.find((p) => fs.existsSync(p));
}

function sh(cmd) {
  console.log(`$ ${cmd}`);
  return spawnSync('sh', ['-c', cmd], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (process.getuid?.() !== 0) {
    throw new Error('Chromium is needed for the browser tests. Install it: sudo apt-get install -y chromium (or set CHROMIUM_PATH)');
  }
  console.log("Chromium not found: installing Debian's chromium ...");
  if (!sh('apt-get install -y --no-install-recommends chromium')) {
    if (!sh('apt-get update') || !sh('apt-get install -y --no-install-recommends chromium')) throw new Error('apt-get could not install chromium');
  }
  const installed = findChromium();
  if (!installed) throw new Error('chromium was installed but not found on the usual paths; set CHROMIUM_PATH');
  return installed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`Chromium: ${ensureChromium()}`);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
