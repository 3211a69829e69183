import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createNotificationStore } from '../../lib/notifications/notification-store.ts';
import { NotificationsProvider } from '../../lib/notifications/notifications-context.tsx';
import { Modal } from './modal.tsx';
import { NotificationViewport } from './notification-viewport.tsx';

describe('Modal', () => {
  it('keeps a notification over it announced; dismissing it is not a click outside, a click elsewhere is', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const onOpenChange = vi.fn();
    const store = createNotificationStore();
    render(
      <NotificationsProvider store={store}>
        <button type="button">Elsewhere</button>
        <Modal open onOpenChange={onOpenChange} title="Invite data recipients">
          Body
        </Modal>
        <NotificationViewport />
      </NotificationsProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Invite data recipients' })).toBeInTheDocument();
    act(() => {
      store.notify({
        message: 'Could not create the link',
        type: 'error',
        duration: Number.POSITIVE_INFINITY,
      });
    });
    // Not hidden from assistive technology by the dialog (no `hidden: true` needed).
    expect(screen.getByRole('alert')).toHaveTextContent('Could not create the link');
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Could not create the link')).not.toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
    await user.click(screen.getByText('Elsewhere'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
