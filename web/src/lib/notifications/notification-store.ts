export type NotificationType = 'info' | 'error' | 'success' | 'warning';
export type NotificationStyle = 'banner' | 'toast';

export type Notification = {
  /** A timestamp string (made unique when two notifications arrive in the same millisecond). */
  id: string;
  message: string;
  /** A second, smaller line (the request id to quote to support). */
  detail?: string;
  type: NotificationType;
  /** Milliseconds on screen (the viewport's Radix Toast runs the timer); `Infinity` keeps it until removed by id. */
  duration: number;
  style: NotificationStyle;
};

export type NotificationInput = {
  message: string;
  detail?: string;
  type?: NotificationType;
  duration?: number;
  style?: NotificationStyle;
};

export const DEFAULT_NOTIFICATION_DURATION = 3000;

/** The notifications on screen and the spec's removal rules; the viewport shows them and times them out. */
export type NotificationStore = {
  getSnapshot: () => readonly Notification[];
  subscribe: (listener: () => void) => () => void;
  notify: (input: NotificationInput) => string;
  /** With an id: removes that notification. Without: drops every finite one, then the first remaining one. */
  remove: (id?: string) => void;
  dispose: () => void;
};

export function createNotificationStore(): NotificationStore {
  let notifications: readonly Notification[] = [];
  const listeners = new Set<() => void>();

  const set = (next: readonly Notification[]) => {
    notifications = next;
    for (const listener of listeners) listener();
  };

  const uniqueId = () => {
    const base = String(Date.now());
    let id = base;
    for (let n = 1; notifications.some((item) => item.id === id); n += 1) id = `${base}-${n}`;
    return id;
  };

  const remove = (id?: string) => {
    if (id !== undefined) set(notifications.filter((item) => item.id !== id));
    else set(notifications.filter((item) => !Number.isFinite(item.duration)).slice(1));
  };

  const notify = ({
    message,
    detail,
    type = 'info',
    duration = DEFAULT_NOTIFICATION_DURATION,
    style = 'banner',
  }: NotificationInput) => {
    const id = uniqueId();
    set([...notifications, { id, message, type, duration, style, ...(detail ? { detail } : {}) }]);
    return id;
  };

  return {
    getSnapshot: () => notifications,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    notify,
    remove,
    dispose: () => listeners.clear(),
  };
}
