import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotificationStore, DEFAULT_NOTIFICATION_DURATION } from './notification-store.ts';

describe('notification store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-01T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const messages = (store: ReturnType<typeof createNotificationStore>) =>
    store.getSnapshot().map((n) => n.message);

  it('creates a notification with a timestamp id, info type, banner style and 3000 ms by default', () => {
    const store = createNotificationStore();
    const id = store.notify({ message: 'Hello' });
    expect(id).toBe(String(Date.parse('2025-03-01T10:00:00Z')));
    expect(store.getSnapshot()).toEqual([
      { id, message: 'Hello', type: 'info', duration: DEFAULT_NOTIFICATION_DURATION, style: 'banner' },
    ]);
    expect(DEFAULT_NOTIFICATION_DURATION).toBe(3000);
  });

  it('gives notifications created in the same millisecond distinct ids', () => {
    const store = createNotificationStore();
    const first = store.notify({ message: 'a' });
    const second = store.notify({ message: 'b' });
    expect(first).not.toBe(second);
    expect(second.startsWith(first)).toBe(true);
  });

  it('keeps an infinite notification until it is removed by id', () => {
    const store = createNotificationStore();
    const id = store.notify({ message: 'sticky', duration: Number.POSITIVE_INFINITY });
    store.notify({ message: 'other', duration: Number.POSITIVE_INFINITY });
    store.remove(id);
    expect(messages(store)).toEqual(['other']);
  });

  it('remove(id) removes only that notification', () => {
    const store = createNotificationStore();
    store.notify({ message: 'a' });
    vi.advanceTimersByTime(1);
    const b = store.notify({ message: 'b', duration: Number.POSITIVE_INFINITY });
    vi.advanceTimersByTime(1);
    store.notify({ message: 'c' });
    store.remove(b);
    expect(messages(store)).toEqual(['a', 'c']);
  });

  it('remove() drops every finite notification, then the first remaining one', () => {
    const store = createNotificationStore();
    const infinite = Number.POSITIVE_INFINITY;
    store.notify({ message: 'finite 1' });
    store.notify({ message: 'infinite 1', duration: infinite });
    store.notify({ message: 'finite 2', duration: 10_000 });
    store.notify({ message: 'infinite 2', duration: infinite });
    store.notify({ message: 'infinite 3', duration: infinite });
    store.remove();
    expect(messages(store)).toEqual(['infinite 2', 'infinite 3']);
    store.remove();
    expect(messages(store)).toEqual(['infinite 3']);
  });

  it('remove() with only finite notifications empties the list', () => {
    const store = createNotificationStore();
    store.notify({ message: 'a' });
    store.notify({ message: 'b', duration: 5000 });
    store.remove();
    expect(messages(store)).toEqual([]);
  });

  it('notifies subscribers on every change', () => {
    const store = createNotificationStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.notify({ message: 'a' });
    store.remove(id);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.notify({ message: 'b' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
