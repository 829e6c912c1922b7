import type { Page } from '@playwright/test';

/**
 * Waits until the page's CSS transitions and finite animations have ended (at most two seconds). axe measures
 * colours as they are painted: a button fading from its disabled grey to its colours was measured halfway (4.3:1)
 * and reported. Endless animations (spinners) are left out. A transition starts only in the frame after the change
 * that causes it (a page opened by the router, data that arrived a moment ago): each round first lets two frames
 * pass, and rounds repeat until a frame starts nothing new.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const deadline = performance.now() + 2000;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    while (performance.now() < deadline) {
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .filter((animation) => animation.playState === 'running' || animation.pending);
      if (running.length === 0) return;
      await Promise.race([
        Promise.all(running.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, deadline - performance.now())),
      ]);
    }
  });
}
