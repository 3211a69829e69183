import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { owner } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import * as recipients from './recipients-test-helpers.ts';

const KEY = `portal.recipients.lastSeen.${owner.id}`;
const stored = () => JSON.parse(window.localStorage.getItem(KEY) ?? '{}') as Record<string, number>;
const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });

const olderLink = recipients.entry({
  id: 'old_link',
  type: 'invitation',
  status: 'CREATED',
  statusChangedAt: '2025-03-01T10:00:00.000Z',
});

describe('tab badges', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts unseen entries of the other view and clears a view once it is shown', async () => {
    recipients.answerLists([recipients.activeAgent], [recipients.activeLink, recipients.deletedLink]);
    const { user } = renderApp('/agents', { user: owner });
    await recipients.findCard('Fleet Analytics');
    await waitFor(() => expect(tab('Invitation Links')).toHaveAccessibleName('Invitation Links, 2 new'));
    expect(tab('All data recipients')).toHaveAccessibleName('All data recipients');
    expect(stored()['agents:ALL']).toBeGreaterThan(0);
    await user.click(tab('Invitation Links'));
    await recipients.findCard(recipients.activeLink.code);
    expect(tab('Invitation Links')).toHaveAccessibleName('Invitation Links');
    await waitFor(() => expect(stored()['invitations:ALL']).toBeGreaterThan(0));
    await user.click(tab('All data recipients'));
    await recipients.findCard('Fleet Analytics');
    expect(tab('Invitation Links')).toHaveAccessibleName('Invitation Links');
  });

  it('counts only entries whose status changed after the persisted last-seen time', async () => {
    window.localStorage.setItem(
      KEY,
      JSON.stringify({ 'invitations:ALL': Date.parse('2025-03-03T00:00:00.000Z') }),
    );
    recipients.answerLists([recipients.activeAgent], [recipients.activeLink, olderLink]);
    renderApp('/agents', { user: owner });
    await recipients.findCard('Fleet Analytics');
    await waitFor(() => expect(tab('Invitation Links')).toHaveAccessibleName('Invitation Links, 1 new'));
    expect(tab('Invitation Links')).toHaveTextContent('1');
  });

  it('keeps a last-seen time per view and filter', async () => {
    window.localStorage.setItem(
      KEY,
      JSON.stringify({ 'invitations:ALL': Date.parse('2030-01-01T00:00:00.000Z') }),
    );
    recipients.answerLists([recipients.activeAgent], [recipients.activeLink]);
    const { user } = renderApp('/agents', { user: owner });
    await recipients.findCard('Fleet Analytics');
    expect(tab('Invitation Links')).toHaveAccessibleName('Invitation Links');
    await user.click(screen.getByRole('button', { name: /^Filter:/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Active' }));
    await waitFor(() => expect(tab('Invitation Links')).toHaveAccessibleName('Invitation Links, 1 new'));
    await waitFor(() => expect(stored()['agents:ACTIVE']).toBeGreaterThan(0));
  });

  it('compares server times only: a browser clock years ahead still counts a later change as new', async () => {
    // The browser thinks it is 2030; the server's (or the simulation's) times are in 2025.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2030-06-01T00:00:00.000Z') });
    let links = [recipients.activeLink];
    recipients.answerLists([recipients.activeAgent], () => links);
    const { user, queryClient } = renderApp('/agents', { user: owner });
    await recipients.findCard('Fleet Analytics');
    await user.click(tab('Invitation Links'));
    await recipients.findCard(recipients.activeLink.code);
    await waitFor(() =>
      expect(stored()['invitations:ALL']).toBe(Date.parse(recipients.activeLink.statusChangedAt)),
    );
    const newer = recipients.entry({
      id: 'new_link',
      type: 'invitation',
      status: 'CREATED',
      statusChangedAt: '2025-03-06T10:00:00.000Z',
    });
    await user.click(tab('All data recipients'));
    await recipients.findCard('Fleet Analytics');
    links = [newer, recipients.activeLink];
    await queryClient.invalidateQueries();
    await waitFor(() => expect(tab('Invitation Links')).toHaveAccessibleName('Invitation Links, 1 new'));
  }, 15_000);
});
