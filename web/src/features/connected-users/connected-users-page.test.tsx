import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activeAgent } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { errorBody, http, server } from '../../test/server.ts';
import { activeUser, allUsers, listHandler, pendingUser } from './connected-users-test-kit.ts';

function card(name: string): HTMLElement {
  return screen.getByRole('heading', { name }).closest('li') as HTMLElement;
}

describe('connected users page', () => {
  it('shows the title, the Access code button and a card per connected user', async () => {
    const list = listHandler();
    server.use(list.handler);
    renderApp('/users', { user: activeAgent });
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Access code' })).toBeInTheDocument();
    const olga = card((await screen.findByRole('heading', { name: 'Olga Owner' })).textContent ?? '');
    expect(within(olga).getByText('OO')).toBeInTheDocument();
    expect(within(olga).getByText('olga@example.com')).toBeInTheDocument();
    expect(within(olga).getByText('Date requested: 01/03/2025')).toBeInTheDocument();
    expect(within(olga).getByText('Active')).toHaveClass('ui-badge--active');
    expect(within(card('Peter Pending')).getByText('Pending')).toHaveClass('ui-badge--pending');
    expect(within(card('Dora Declined')).getByText('Declined')).toHaveClass('ui-badge--declined');
    expect(within(card('Rita Revoked')).getByText('Revoked')).toHaveClass('ui-badge--revoked');
    expect(list.filters).toEqual(['ALL']);
  });

  it('explains the status in a tooltip reachable by keyboard', async () => {
    server.use(listHandler([pendingUser]).handler);
    const { user } = renderApp('/users', { user: activeAgent });
    await screen.findByRole('heading', { name: 'Peter Pending' });
    await user.tab();
    while (document.activeElement?.textContent !== 'Pending') await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Waiting for approval');
  });

  it('offers the actions only for active and pending users', async () => {
    server.use(listHandler().handler);
    renderApp('/users', { user: activeAgent });
    await screen.findByRole('heading', { name: 'Olga Owner' });
    for (const name of ['Olga Owner', 'Peter Pending']) {
      expect(within(card(name)).getByRole('button', { name: `Actions for ${name}` })).toBeInTheDocument();
    }
    for (const name of ['Dora Declined', 'Rita Revoked']) {
      expect(within(card(name)).queryByRole('button', { name: `Actions for ${name}` })).toBeNull();
    }
  });

  it('filters the list (Show all, Active, Pending, Declined, Revoked)', async () => {
    const list = listHandler([activeUser]);
    server.use(list.handler);
    const { user } = renderApp('/users', { user: activeAgent });
    await screen.findByRole('heading', { name: 'Olga Owner' });
    await user.click(screen.getByRole('button', { name: 'Filter: Show all' }));
    const options = await screen.findAllByRole('menuitemradio');
    expect(options.map((option) => option.textContent?.replace('●', ''))).toEqual([
      'Show all',
      'Active',
      'Pending',
      'Declined',
      'Revoked',
    ]);
    await user.click(screen.getByRole('menuitemradio', { name: 'Revoked' }));
    await waitFor(() => expect(list.filters).toEqual(['ALL', 'REVOKED']));
    expect(screen.getByRole('button', { name: 'Filter: Revoked' })).toBeInTheDocument();
  });

  it('shows No connected users yet for an empty list', async () => {
    server.use(listHandler([]).handler);
    renderApp('/users', { user: activeAgent });
    expect(await screen.findByText('No connected users yet')).toBeInTheDocument();
  });

  it('reports a failed list as the notification Failed to get your connected users., with a retry and no empty state', async () => {
    let fail = true;
    server.use(
      http.get('/api/v1/agents/invitations/{filter}', ({ response }) =>
        fail ? response(500).json(errorBody('INTERNAL_ERROR')) : response(200).json(allUsers),
      ),
    );
    const { user } = renderApp('/users', { user: activeAgent });
    const notifications = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(notifications).findByRole('alert')).toHaveTextContent(
      'Failed to get your connected users.',
    );
    expect(screen.getByText('This could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByText('No connected users yet')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Olga Owner' })).toBeInTheDocument();
  });

  it('opens the permissions of a connected user from the actions menu', async () => {
    server.use(
      listHandler([activeUser]).handler,
      http.get('/api/v1/agents/invitations/{id}/permissions', ({ response }) =>
        response(200).json({ vehicles: [], wallboxes: [] }),
      ),
    );
    const { user } = renderApp('/users', { user: activeAgent });
    await screen.findByRole('heading', { name: 'Olga Owner' });
    await user.click(screen.getByRole('button', { name: 'Actions for Olga Owner' }));
    await user.click(await screen.findByRole('menuitem', { name: 'View data permissions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Data permissions' });
    expect(dialog).toHaveAccessibleDescription('The data Olga Owner shares with you.');
  });
});
