import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** axe's serious and critical findings, after finite animations end (mid fade-in, text is lighter; spinners never end). */
/** `include`: a CSS selector to check only that part of the page (a card that is gone in seconds). */
export async function seriousViolations(page: Page, include?: string) {
  // Axe reads the page as it rests, not mid-fade: while it runs, animations and transitions are off, so a toast
  // that closes (or opens) during a scan that takes seconds on a loaded machine is read at its final colours
  // (a toast fading out read 1.22:1 in CI once). Removed again after the scan.
  const still = await page.addStyleTag({ content: '*, *::before, *::after { animation: none !important; transition: none !important; }' });
  try {
    // And until a frame passes with no finite animation running (one started before the style came).
    await page.evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      for (let round = 0; round < 20; round++) {
        const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
        if (running.length === 0) return;
        await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
        await frame();
      }
    });
    const builder = new AxeBuilder({ page });
    if (include) builder.include(include);
    const { violations } = await builder.analyze();
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n  ')}`);
  } finally {
    await still.evaluate((el) => (el as Element).remove()).catch(() => undefined);
  }
}
