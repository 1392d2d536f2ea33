// Before any browser test: Chromium present (installed with apt-get when possible), web app built.
import { ensureChromium } from '../../scripts/ensure-browser.mjs';
import { buildWebIfStale } from '../../scripts/lib.mjs';

export default function setup() {
  process.env.CHROMIUM_PATH = ensureChromium();
  buildWebIfStale({ quiet: true });
}
