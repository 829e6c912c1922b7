import type { Page } from '@playwright/test';

/**
 * Waits until the page's CSS transitions and finite animations have ended (at most two seconds). axe measures
 * colours as they are painted: a button fading from its disabled grey to its colours was measured halfway (4.3:1)
 * and reported. Endless animations (spinners) are left out.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
}
