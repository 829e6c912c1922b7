import { expect, test } from './support/fixtures.ts';
import { startBuiltServer, type ServerProcess } from './support/server-process.ts';
import {
  expectReceiving,
  oneOnOneSession,
  patientJoins,
  raiseHandThenEndForAll,
  therapistPath,
  useVideoBrowser,
} from './support/video.ts';

useVideoBrowser(120_000);

/** A second instance of the built server on the run's database and Redis (global-setup's E2E_SERVER_ENV). */
function startSecondInstance(): Promise<ServerProcess> {
  const shared = JSON.parse(process.env.E2E_SERVER_ENV ?? '{}') as Record<string, string>;
  expect(shared.REDIS_URL, 'global-setup startet mit Redis').toBeTruthy();
  return startBuiltServer('Zweite Instanz', shared);
}

test('two server instances behind one Redis serve one session', async ({ browser }) => {
  const second = await startSecondInstance();
  try {
    // the therapist on the first instance, the patient on the second
    const { termin, patient, t, p } = await oneOnOneSession(browser, second.baseUrl);
    await t.page.goto(therapistPath(termin.id));
    await patientJoins(p.page, termin.id);
    await expectReceiving(t.page, patient.id);
    await expectReceiving(p.page, termin.therapist.id);

    await raiseHandThenEndForAll(t.page, p.page, patient.id);
    await t.context.close();
    await p.context.close();
  } finally {
    await second.stop();
  }
});
