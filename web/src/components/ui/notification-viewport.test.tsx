import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotificationStore } from '../../lib/notifications/notification-store.ts';
import { NotificationsProvider } from '../../lib/notifications/notifications-context.tsx';
import { NotificationViewport } from './notification-viewport.tsx';

function setup() {
  const store = createNotificationStore();
  render(
    <NotificationsProvider store={store}>
      <NotificationViewport />
    </NotificationsProvider>,
  );
  return store;
}

describe('NotificationViewport', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows banners (default) at the top centre and toasts in their own list', () => {
    const store = setup();
    act(() => {
      store.notify({ message: 'Saved', type: 'success' });
      store.notify({ message: 'New download ready', style: 'toast' });
    });
    // Each list has its own name, so the two landmarks can be told apart.
    const banners = screen.getByRole('region', { name: 'Notifications' });
    const toasts = screen.getByRole('region', { name: 'Notifications, top right' });
    expect(within(banners).getByRole('list')).toHaveClass('ui-notifications--banner');
    expect(within(banners).getByText('Saved')).toBeInTheDocument();
    expect(within(toasts).getByRole('list')).toHaveClass('ui-notifications--toast');
    expect(within(toasts).getByText('New download ready')).toBeInTheDocument();
  });

  it('announces errors and warnings as alerts, info and success as status, coloured by type', () => {
    const store = setup();
    act(() => {
      store.notify({ message: 'Boom', type: 'error' });
      store.notify({ message: 'Careful', type: 'warning' });
      store.notify({ message: 'FYI', type: 'info' });
      store.notify({ message: 'Done', type: 'success' });
    });
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Boom', 'Careful']);
    // Announced once, by the notification's own live region (none of Radix's announcer in the page).
    expect(screen.getAllByText('Boom')).toHaveLength(1);
    expect(alerts[0]?.closest('li')).toHaveClass('ui-notification--error');
    expect(alerts[0]).toHaveAttribute('aria-live', 'assertive');
    const statuses = screen.getAllByRole('status');
    expect(statuses.map((s) => s.textContent)).toEqual(['FYI', 'Done']);
    expect(statuses[1]?.closest('li')).toHaveClass('ui-notification--success');
    expect(statuses[1]).toHaveAttribute('aria-live', 'polite');
  });

  it('removes a notification after its duration (3000 ms default, custom, never for Infinity)', () => {
    const store = setup();
    act(() => {
      store.notify({ message: 'Default' });
      store.notify({ message: 'Seven seconds', duration: 7000 });
      store.notify({ message: 'Forever', duration: Number.POSITIVE_INFINITY });
    });
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Default')).not.toBeInTheDocument();
    expect(screen.getByText('Seven seconds')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.queryByText('Seven seconds')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(600_000));
    expect(screen.getByText('Forever')).toBeInTheDocument();
  });

  it('shows the request id for support as a second line of the same announcement', () => {
    const store = setup();
    act(() => {
      store.notify({
        message: 'Failed to fetch products',
        detail: 'Request id for support: req-1',
        type: 'error',
      });
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Failed to fetch productsRequest id for support: req-1',
    );
  });

  it('keeps a notification while the pointer rests on the list, and times it out after the pointer leaves', () => {
    const store = setup();
    act(() => {
      store.notify({ message: 'Read me' });
    });
    const list = screen.getByRole('region', { name: 'Notifications' });
    fireEvent.pointerMove(list);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Read me')).toBeInTheDocument();
    fireEvent.pointerLeave(list);
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Read me')).not.toBeInTheDocument();
  });

  it('F8 moves focus to the notifications; Escape dismisses the focused one', () => {
    const store = setup();
    act(() => {
      store.notify({ message: 'Focus me', duration: Number.POSITIVE_INFINITY });
    });
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    const list = within(screen.getByRole('region', { name: 'Notifications' })).getByRole('list');
    expect(list).toHaveFocus();
    const item = screen.getByText('Focus me').closest('li') as HTMLElement;
    item.focus();
    fireEvent.keyDown(item, { key: 'Escape' });
    expect(screen.queryByText('Focus me')).not.toBeInTheDocument();
  });

  it('dismisses exactly the notification whose close button is pressed', () => {
    const store = setup();
    act(() => {
      store.notify({ message: 'First', duration: Number.POSITIVE_INFINITY });
      store.notify({ message: 'Second', duration: Number.POSITIVE_INFINITY });
    });
    const second = screen.getByText('Second').closest('li') as HTMLElement;
    fireEvent.click(within(second).getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
    expect(screen.getByText('First')).toBeInTheDocument();
  });
});
