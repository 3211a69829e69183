import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Avatar } from './avatar.tsx';
import { Badge } from './badge.tsx';
import { Button } from './button.tsx';
import { ConfirmModal } from './confirm-modal.tsx';
import { TabPanel, Tabs } from './tabs.tsx';

const REVOKE = {
  trigger: 'Revoke',
  title: 'Remove data recipient?',
  body: 'Access ends at once.',
  primary: 'Remove',
};
const ACCEPT = {
  trigger: 'Reopen',
  title: 'Accept data recipient?',
  body: 'They will see the shared data.',
  primary: 'Accept',
};

/**
 * A confirmation behind a trigger button. `slow`: it starts open and its action runs 50 ms, with the
 * `loading` a mutation reports a moment after the click.
 */
function ConfirmHarness({
  onPrimary,
  texts = REVOKE,
  slow = false,
}: {
  onPrimary: () => void;
  texts?: typeof REVOKE;
  slow?: boolean;
}) {
  const [open, setOpen] = useState(slow);
  const [loading, setLoading] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{texts.trigger}</Button>
      <ConfirmModal
        open={open}
        onOpenChange={setOpen}
        title={texts.title}
        body={texts.body}
        primaryLabel={texts.primary}
        secondaryLabel="Cancel"
        loading={loading}
        onPrimary={() => {
          onPrimary();
          if (!slow) return;
          setTimeout(() => setLoading(true));
          setTimeout(() => setLoading(false), 50);
        }}
      />
    </>
  );
}

function TabsHarness() {
  const [value, setValue] = useState('a');
  return (
    <Tabs
      value={value}
      onValueChange={setValue}
      label="Views"
      items={[
        { value: 'a', label: 'All data recipients', badge: 2, badgeLabel: '2 new' },
        { value: 'b', label: 'Invitation Links', badge: 0 },
      ]}
    >
      <TabPanel value="a">Panel A</TabPanel>
      <TabPanel value="b">Panel B</TabPanel>
    </Tabs>
  );
}

describe('ConfirmModal', () => {
  it('has a titled, described dialog; Escape closes it and focus returns to the trigger', async () => {
    const user = userEvent.setup();
    render(<ConfirmHarness onPrimary={() => undefined} />);
    const trigger = screen.getByRole('button', { name: 'Revoke' });
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Remove data recipient?' });
    expect(dialog).toHaveAccessibleDescription('Access ends at once.');
    expect(dialog).toHaveStyle({ '--modal-width': '650px', '--modal-height': '235px' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('runs the primary action; the secondary button closes', async () => {
    const user = userEvent.setup();
    const onPrimary = vi.fn();
    render(<ConfirmHarness onPrimary={onPrimary} />);
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(onPrimary).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('ConfirmModal, one action per confirmation', () => {
  it('acts once on a machine-speed double click, again once the action has finished or it reopens', async () => {
    const user = userEvent.setup();
    const onPrimary = vi.fn();
    render(<ConfirmHarness onPrimary={onPrimary} texts={ACCEPT} slow />);
    const accept = await screen.findByRole('button', { name: 'Accept' });
    // Two clicks in one task: nothing has rendered between them.
    accept.click();
    accept.click();
    expect(onPrimary).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(accept).toHaveAttribute('aria-busy', 'true'));
    await waitFor(() => expect(accept).not.toHaveAttribute('aria-busy'));
    // Finished with the dialog still open (a failure to retry): it acts again.
    await user.click(accept);
    expect(onPrimary).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    (await screen.findByRole('button', { name: 'Accept' })).click();
    expect(onPrimary).toHaveBeenCalledTimes(3);
  });
});

describe('Button', () => {
  it('is busy and disabled while loading', () => {
    render(<Button loading>Next</Button>);
    const button = screen.getByRole('button', { name: 'Next' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });
});

describe('Tabs', () => {
  it('shows a count badge and switches panels', async () => {
    const user = userEvent.setup();
    render(<TabsHarness />);
    expect(screen.getByRole('tab', { name: 'All data recipients, 2 new' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Invitation Links' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Invitation Links' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel B');
  });
});

describe('Badge and Avatar', () => {
  it('colour by tone and style', () => {
    const { container } = render(
      <>
        <Badge tone="revoked">Revoked</Badge>
        <Avatar name="Fleet Analytics" variant="dotted" />
        <Avatar icon="link" variant="disabled" />
      </>,
    );
    expect(screen.getByText('Revoked')).toHaveClass('ui-badge--revoked');
    const avatars = container.querySelectorAll('.ui-avatar');
    expect(avatars[0]).toHaveTextContent('FA');
    expect(avatars[0]).toHaveClass('ui-avatar--dotted');
    expect(avatars[1]?.querySelector('svg')).not.toBeNull();
  });
});
