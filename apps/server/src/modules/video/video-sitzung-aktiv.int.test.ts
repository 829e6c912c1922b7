import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '@dihs/contract/common/errors';
import { profilEndpoints } from '@dihs/contract/profil';
import { STORE_EVERY_MS } from '../../plugins/session-activity.ts';
import { injectEndpoint } from '../../test/inject-endpoint.ts';
import { createSession, videoSuite } from './video-test-support.ts';

/**
 * Issue 31 item 6: a video session in progress keeps its login session alive although the page asks the server
 * nothing for longer than the idle time; a socket that is merely connected (no conference joined) does not. The
 * session clock is moved; the socket's once-a-minute keep-alive is fired by fake intervals.
 */

const MINUTE = 60_000;
const clock = { offset: 0 };
const now = () => new Date(Date.now() + clock.offset);

afterEach(() => vi.useRealTimers());

describe('a video session keeps its login session alive', () => {
  const v = videoSuite(['therapeut@demo.de', 'therapeut2@demo.de', 'patient@demo.de'], {}, { sessionNow: now });

  it('in a conference for 50 minutes the therapist’s session goes on; beside it, a silent one ends', async () => {
    const conferenceId = await createSession(v.t.db, {
      therapist: 'therapeut@demo.de',
      patients: ['patient@demo.de'],
      start: new Date(Date.now() + MINUTE),
      dauer: 60,
    });
    // the sockets' intervals (the keep-alive among them) are fake from here: advanced by hand below
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await v.joined('therapeut@demo.de', conferenceId);
    // connected, but in no conference
    await v.connect('therapeut2@demo.de');

    for (let minute = 0; minute < 50; minute += 10) {
      clock.offset += 10 * MINUTE;
      vi.advanceTimersByTime(STORE_EVERY_MS);
    }
    vi.useRealTimers();

    const profile = (email: string) => injectEndpoint(v.t.app, profilEndpoints.my, { authorization: v.bearers[email] });
    expect((await profile('therapeut@demo.de')).statusCode).toBe(200);
    const idle = await profile('therapeut2@demo.de');
    expect(idle.statusCode).toBe(401);
    expect(idle.json()).toMatchObject({ code: ERROR_CODES.sessionIdle });
  });
});
