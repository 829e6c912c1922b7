import { expect, test } from './support/fixtures.ts';
import {
  decodedFrames,
  expectReceiving,
  groupSession,
  patientJoins,
  therapistPath,
  useVideoBrowser,
} from './support/video.ts';

useVideoBrowser(120_000);

for (const everyoneView of [false, true]) {
  test(`group of therapist and two patients ${everyoneView ? 'with' : 'without'} everyoneView`, async ({ browser }) => {
    const { termin, first, second, t, p1, p2 } = await groupSession(browser, { everyoneView });
    await t.page.goto(therapistPath(termin.id));
    await patientJoins(p1.page, termin.id);
    await patientJoins(p2.page, termin.id);

    await expectReceiving(t.page, first.id);
    await expectReceiving(t.page, second.id);
    await expectReceiving(p1.page, termin.therapist.id);
    await expectReceiving(p2.page, termin.therapist.id);
    if (everyoneView) {
      await expectReceiving(p1.page, second.id);
      await expectReceiving(p2.page, first.id);
    } else {
      // star around the therapist: the patients neither see nor get each other's media
      await expect(p1.page.locator(`video[data-user-id="${second.id}"]`)).toHaveCount(0);
      await expect(p2.page.locator(`video[data-user-id="${first.id}"]`)).toHaveCount(0);
      expect(await decodedFrames(p1.page, second.id)).toBe(0);
      const connections = await p1.page.evaluate(() => document.querySelectorAll('video:not([data-self])').length);
      expect(connections).toBe(1);
    }
    for (const c of [t, p1, p2]) await c.context.close();
  });
}
