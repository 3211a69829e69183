export type NotificationType = 'info' | 'error' | 'success' | 'warning';
export type NotificationStyle = 'banner' | 'toast';

export type Notification = {
  /** A timestamp string (made unique when two notifications arrive in the same millisecond). */
  id: string;
  message: string;
  /** A second, smaller line (the request id to quote to support). */
  detail?: string;
  type: NotificationType;
  /** Milliseconds on screen; `Infinity` keeps it until it is removed by id. */
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
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  const set = (next: readonly Notification[]) => {
    notifications = next;
    for (const listener of listeners) listener();
  };

  const clearTimer = (id: string) => {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
  };

  const uniqueId = () => {
    const base = String(Date.now());
    let id = base;
    for (let n = 1; notifications.some((item) => item.id === id); n += 1) id = `${base}-${n}`;
    return id;
  };

  const remove = (id?: string) => {
    if (id !== undefined) {
      clearTimer(id);
      set(notifications.filter((item) => item.id !== id));
      return;
    }
    const kept = notifications.filter((item) => !Number.isFinite(item.duration)).slice(1);
    for (const item of notifications) if (!kept.includes(item)) clearTimer(item.id);
    set(kept);
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
    if (Number.isFinite(duration)) {
      timers.set(
        id,
        setTimeout(() => remove(id), Math.max(0, duration)),
      );
    }
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
    dispose: () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      listeners.clear();
    },
  };
}
