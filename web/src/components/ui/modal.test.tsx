import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal.tsx';

describe('Modal', () => {
  it('stays open when a notification shown over it is dismissed, but closes on a click elsewhere', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const onOpenChange = vi.fn();
    render(
      <>
        <section className="ui-notifications" aria-label="Notifications">
          <button type="button">Dismiss notification</button>
        </section>
        <button type="button">Elsewhere</button>
        <Modal open onOpenChange={onOpenChange} title="Invite data recipients">
          Body
        </Modal>
      </>,
    );
    expect(screen.getByRole('dialog', { name: 'Invite data recipients' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss notification', hidden: true }));
    expect(onOpenChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Elsewhere', hidden: true }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
