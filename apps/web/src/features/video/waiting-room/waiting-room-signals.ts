import { defaultNotificationApi, type NotificationApi } from '../../../lib/notification-api.ts';

/**
 * How a therapist hears of a patient entering the waiting room (issue 33 item 5): a short chime made with the Web
 * Audio API (no sound file to download) and, when the therapist allowed it, a system notification. Both are best
 * effort: a browser that refuses audio before the page was used, or has no notifications, stays silent without an
 * error. The browser APIs are parameters so the tests need no replaced globals.
 */

type AudioContextClass = new () => AudioContext;

/** The tones of the chime: two short notes going down, gentle enough for a session in the next room. */
const NOTES = [
  { frequency: 880, start: 0, length: 0.16 },
  { frequency: 660, start: 0.2, length: 0.28 },
];
const VOLUME = 0.2;
const CLOSE_AFTER_MS = 1000;

const defaultAudioContext = (): AudioContextClass | undefined =>
  typeof window === 'undefined' ? undefined : window.AudioContext;

/** Whether the user has interacted with the page: before that, browsers do not start audio (autoplay policy). */
const pageWasUsed = (): boolean => {
  const activation = typeof navigator === 'undefined' ? undefined : navigator.userActivation;
  return activation === undefined || activation.hasBeenActive;
};

/** Plays the chime; silently nothing where audio cannot start. */
export function playWaitingChime(
  AudioContextCtor: AudioContextClass | undefined = defaultAudioContext(),
  mayStart: () => boolean = pageWasUsed,
): boolean {
  if (!AudioContextCtor || !mayStart()) return false;
  let context: AudioContext;
  try {
    context = new AudioContextCtor();
  } catch {
    return false;
  }
  if (context.state === 'suspended') context.resume().catch(() => undefined);
  const at = context.currentTime;
  for (const note of NOTES) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = note.frequency;
    // a soft attack and release: no click at the start or end of a note
    gain.gain.setValueAtTime(0, at + note.start);
    gain.gain.linearRampToValueAtTime(VOLUME, at + note.start + 0.02);
    gain.gain.linearRampToValueAtTime(0, at + note.start + note.length);
    oscillator.connect(gain);
    gain.connect(context.destination);
    oscillator.start(at + note.start);
    oscillator.stop(at + note.start + note.length);
  }
  setTimeout(() => void context.close().catch(() => undefined), CLOSE_AFTER_MS);
  return true;
}

/** The notification's texts. Decided: no patient name outside the page (a lock screen, a shared screen). */
export const WAITING_NOTIFICATION = {
  title: 'Jemand ist im Warteraum',
  body: 'Eine Person wartet im Warteraum Ihrer Videositzung. Zum Öffnen hier klicken.',
} as const;

/**
 * A system notification for a waiting patient, only with the therapist's permission; a click brings the app's window
 * forward and calls `onClick` (opening the session). One per session (tag): a second patient replaces it.
 */
export function showWaitingNotification(
  conferenceId: number,
  onClick: () => void,
  api: NotificationApi | undefined = defaultNotificationApi(),
): boolean {
  if (!api || api.permission !== 'granted') return false;
  try {
    const notification = new api(WAITING_NOTIFICATION.title, {
      body: WAITING_NOTIFICATION.body,
      tag: `warteraum-${conferenceId}`,
    });
    notification.onclick = () => {
      window.focus();
      onClick();
      notification.close();
    };
    return true;
  } catch {
    // Chrome on Android allows notifications only from a service worker: there the in-page notice and sound remain
    return false;
  }
}
