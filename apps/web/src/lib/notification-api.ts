/** The parts of the browser's Notification API the app uses; a parameter, so tests need no replaced globals. */
export interface NotificationApi {
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  new (title: string, options?: NotificationOptions): Notification;
}

/** The browser's Notification API, or undefined where it has none (some mobile browsers, jsdom). */
export const defaultNotificationApi = (): NotificationApi | undefined =>
  typeof window !== 'undefined' && 'Notification' in window ? window.Notification : undefined;
