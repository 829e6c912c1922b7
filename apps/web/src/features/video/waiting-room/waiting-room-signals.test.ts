import { describe, expect, it, vi } from 'vitest';
import { playWaitingChime, showWaitingNotification, WAITING_NOTIFICATION } from './waiting-room-signals.ts';
import type { NotificationApi } from '../../../lib/notification-api.ts';

/** An AudioContext that records the notes scheduled on it. */
function fakeAudioContext(state: AudioContextState = 'running') {
  const notes: number[] = [];
  const resume = vi.fn(() => Promise.resolve());
  const param = () => ({ value: 0, setValueAtTime: vi.fn(), linearRampToValueAtTime: vi.fn() });
  class FakeAudioContext {
    state = state;
    currentTime = 0;
    destination = {};
    resume = resume;
    close = vi.fn(() => Promise.resolve());
    createOscillator() {
      const oscillator = { type: '', frequency: param(), connect: vi.fn(), stop: vi.fn() };
      return { ...oscillator, start: () => notes.push(oscillator.frequency.value) };
    }
    createGain() {
      return { gain: param(), connect: vi.fn() };
    }
  }
  return { ctor: FakeAudioContext as unknown as new () => AudioContext, notes, resume };
}

describe('playWaitingChime (issue 33 item 5)', () => {
  it('plays two short notes made in the browser', () => {
    const audio = fakeAudioContext();
    expect(playWaitingChime(audio.ctor, () => true)).toBe(true);
    expect(audio.notes).toHaveLength(2);
  });

  it('is silent before the page was used (the browser would refuse the sound) and without Web Audio', () => {
    const audio = fakeAudioContext();
    expect(playWaitingChime(audio.ctor, () => false)).toBe(false);
    expect(audio.notes).toHaveLength(0);
    expect(playWaitingChime(undefined, () => true)).toBe(false);
  });

  it('asks a suspended context to resume, without an error if it may not', () => {
    const audio = fakeAudioContext('suspended');
    audio.resume.mockImplementation(() => Promise.reject(new Error('not allowed')));
    expect(playWaitingChime(audio.ctor, () => true)).toBe(true);
    expect(audio.resume).toHaveBeenCalled();
  });
});

function notificationApi(permission: NotificationPermission) {
  const shown: { title: string; options?: NotificationOptions; instance: { onclick: unknown; close: () => void } }[] =
    [];
  function FakeNotification(
    this: { onclick: unknown; close: () => void },
    title: string,
    options?: NotificationOptions,
  ) {
    this.close = vi.fn();
    shown.push({ title, options, instance: this });
  }
  const api = Object.assign(FakeNotification, { permission, requestPermission: vi.fn() });
  return { api: api as unknown as NotificationApi, shown };
}

describe('showWaitingNotification (issue 33 item 5)', () => {
  it('shows a notification without the patient name only with permission; a click opens the session', () => {
    const { api, shown } = notificationApi('granted');
    const open = vi.fn();
    expect(showWaitingNotification(7, open, api)).toBe(true);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.title).toBe(WAITING_NOTIFICATION.title);
    expect(shown[0]!.options).toEqual({ body: WAITING_NOTIFICATION.body, tag: 'warteraum-7' });
    (shown[0]!.instance.onclick as () => void)();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it.each(['default', 'denied'] as const)('shows nothing when the permission is %s', (permission) => {
    const { api, shown } = notificationApi(permission);
    expect(showWaitingNotification(7, vi.fn(), api)).toBe(false);
    expect(shown).toHaveLength(0);
  });

  it('shows nothing where the browser has no notifications', () => {
    expect(showWaitingNotification(7, vi.fn(), undefined)).toBe(false);
  });
});
