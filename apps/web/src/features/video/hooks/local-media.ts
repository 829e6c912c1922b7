/** Camera and microphone; null when the browser refuses or has none (the page shows the camera error). */
export async function openLocalMedia(): Promise<MediaStream | null> {
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
  } catch {
    return null;
  }
}

export function stopMedia(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

export function setTracksEnabled(stream: MediaStream | null, kind: 'audio' | 'video', enabled: boolean): void {
  for (const track of stream?.getTracks() ?? []) if (track.kind === kind) track.enabled = enabled;
}
