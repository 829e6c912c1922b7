import type { BrowserContext } from '@playwright/test';
import { VIDEO_MESSAGES } from '@dihs/contract/video';
import { expect, test } from './support/fixtures.ts';
import { startBuiltServer } from './support/server-process.ts';
import {
  expectReceiving,
  loggedIn,
  patientJoins,
  type Person,
  serverMessages,
  sessionTermin,
  therapistPath,
  useSfuBrowser,
} from './support/video.ts';

/**
 * A browser without encoded transforms in a group session through Janus (SFU_OHNE_VERSCHLUESSELUNG): the run's
 * server has the default `ablehnen`; the `peer-to-peer` test starts an instance of its own with that setting on the
 * run's database, Redis and Janus.
 */
useSfuBrowser();

/** The context's pages lack encoded transforms, as a browser that cannot encrypt media end to end. */
async function withoutEncodedTransforms(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    Reflect.deleteProperty(window, 'RTCRtpScriptTransform');
    Reflect.deleteProperty(RTCRtpSender.prototype, 'createEncodedStreams');
  });
}

test('ablehnen: a browser that cannot encrypt is refused, the others meet through Janus', async ({ browser }) => {
  const termin = await sessionTermin({ gruppe: true, patients: 4 });
  const [refused, member] = termin.patients as [Person, Person];
  const t = await loggedIn(browser, termin.therapist);
  const r = await loggedIn(browser, refused);
  await withoutEncodedTransforms(r.context);
  const m = await loggedIn(browser, member);
  const memberMessages = serverMessages(m.page);
  await t.page.goto(therapistPath(termin.id));

  await patientJoins(r.page, termin.id);
  await expect(r.page.getByRole('dialog', { name: VIDEO_MESSAGES.verschluesselung })).toBeVisible();
  await expect(r.page.getByText(VIDEO_MESSAGES.verschluesselungText)).toBeVisible();

  await patientJoins(m.page, termin.id);
  await expectReceiving(m.page, termin.therapist.id);
  await expectReceiving(t.page, member.id);
  expect(memberMessages.find((x) => x.type === 'joinedSession')).toMatchObject({ state: { mode: 'sfu' } });
  // the refused patient never became a member; nobody is told of a peer-to-peer session
  await expect(t.page.getByRole('button', { name: `${member.name} stummschalten` })).toBeVisible();
  await expect(t.page.getByRole('button', { name: `${refused.name} stummschalten` })).toHaveCount(0);
  await expect(t.page.getByText(VIDEO_MESSAGES.direktverbindung)).toHaveCount(0);
  for (const c of [t, r, m]) await c.context.close();
});

test('peer-to-peer: when a browser that cannot encrypt joins, the session leaves Janus for a mesh and says so', async ({
  browser,
}) => {
  const shared = JSON.parse(process.env.E2E_SERVER_ENV ?? '{}') as Record<string, string>;
  const server = await startBuiltServer('Server mit SFU_OHNE_VERSCHLUESSELUNG=peer-to-peer', {
    ...shared,
    SFU_OHNE_VERSCHLUESSELUNG: 'peer-to-peer',
  });
  try {
    const termin = await sessionTermin({ gruppe: true, patients: 4, everyoneView: true });
    const [first, plain] = termin.patients as [Person, Person];
    const t = await loggedIn(browser, termin.therapist, server.baseUrl);
    const p = await loggedIn(browser, first, server.baseUrl);
    const n = await loggedIn(browser, plain, server.baseUrl);
    await withoutEncodedTransforms(n.context);
    const [tMessages, pMessages, nMessages] = [serverMessages(t.page), serverMessages(p.page), serverMessages(n.page)];

    // therapist and first patient meet through Janus
    await t.page.goto(therapistPath(termin.id));
    await patientJoins(p.page, termin.id);
    await expectReceiving(p.page, termin.therapist.id);
    await expectReceiving(t.page, first.id);
    expect(pMessages.find((x) => x.type === 'joinedSession')).toMatchObject({ state: { mode: 'sfu' } });
    expect(pMessages.some((x) => x.type === 'sfuJoin')).toBe(true);
    await expect(t.page.getByText(VIDEO_MESSAGES.direktverbindung)).toHaveCount(0);

    // the patient whose browser cannot encrypt joins: everyone is told the session now runs peer-to-peer
    await patientJoins(n.page, termin.id);
    for (const c of [t, p, n]) await expect(c.page.getByText(VIDEO_MESSAGES.direktverbindung)).toBeVisible();
    // everyone receives everyone (everyoneView) over direct connections
    for (const [c, others] of [
      [t, [first, plain]],
      [p, [termin.therapist, plain]],
      [n, [termin.therapist, first]],
    ] as const) {
      for (const other of others) await expectReceiving(c.page, other.id);
    }
    // the newcomer never got a Janus token; every page negotiated pairs of the mesh
    expect(nMessages.some((x) => x.type === 'sfuJoin')).toBe(false);
    for (const messages of [tMessages, pMessages, nMessages]) {
      expect(messages.some((x) => x.type === 'publishSdpRequest' || x.type === 'subscribeSdpRequest')).toBe(true);
    }
    for (const c of [t, p, n]) await c.context.close();
  } finally {
    await server.stop();
  }
});
