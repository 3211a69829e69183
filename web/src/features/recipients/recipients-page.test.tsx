import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { owner } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { errorBody, heldAnswer, http, server } from '../../test/server.ts';
import * as recipients from './recipients-test-helpers.ts';

describe('data recipients page', () => {
  it('shows the title, subtitle and the invite button, which opens the wizard', async () => {
    recipients.answerLists([]);
    const { user } = renderApp('/agents', { user: owner });
    expect(await screen.findByRole('heading', { level: 1, name: 'Data recipients' })).toBeInTheDocument();
    expect(
      screen.getByText('Companies that receive your data and the invitation links you created.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite data recipients' }));
    expect(await screen.findByRole('dialog', { name: 'Invite data recipients' })).toBeInTheDocument();
  });

  it('lists agents: initials, name, site, en-GB date, status badge with tooltip', async () => {
    recipients.answerLists([
      recipients.activeAgent,
      recipients.revokedAgent,
      recipients.entry({ id: 'p', displayName: 'Paused Co', status: 'PAUSED_BY_ADMIN' }),
    ]);
    const { user } = renderApp('/agents', { user: owner });
    const card = await recipients.findCard('Fleet Analytics');
    expect(screen.getByRole('list', { name: 'All data recipients' })).toBeInTheDocument();
    expect(card.querySelector('.ui-avatar')).toHaveTextContent('FA');
    expect(card.querySelector('.ui-avatar')).toHaveAttribute('data-variant', 'normal');
    expect(within(card).getByText('https://fleet.example.com')).toBeInTheDocument();
    expect(within(card).getByText('Date added: 05/03/2025')).toBeInTheDocument();
    const badge = within(card).getByText('Active');
    await user.hover(badge);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Data is being shared');
    const revoked = await recipients.findCard('Old Partner');
    expect(within(revoked).getByText('Revoked')).toBeInTheDocument();
    expect(within(revoked).getByText('Date removed: 05/03/2025')).toBeInTheDocument();
    expect(revoked.querySelector('.ui-avatar')).toHaveAttribute('data-variant', 'disabled');
    const paused = await recipients.findCard('Paused Co');
    expect(within(paused).getByText('Paused')).toBeInTheDocument();
    expect(within(paused).getByText('Date suspended: 05/03/2025')).toBeInTheDocument();
    expect(paused.querySelector('.ui-avatar')).toHaveAttribute('data-variant', 'mixed');
    expect(within(revoked).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lists invitation links: link icon, code, link, created and expires or deleted dates', async () => {
    recipients.answerLists([], [recipients.activeLink, recipients.deletedLink]);
    const { user } = renderApp('/agents', { user: owner });
    await user.click(await screen.findByRole('tab', { name: /Invitation Links/ }));
    const card = await recipients.findCard('ABCD-EFGH-JKMN-PQRS');
    expect(card.querySelector('.ui-avatar svg')).not.toBeNull();
    expect(within(card).getByText('http://localhost:3000/redeem/ABCD-EFGH-JKMN-PQRS')).toBeInTheDocument();
    expect(within(card).getByText('Date created: 01/03/2025')).toBeInTheDocument();
    expect(within(card).getByText('Date expires: 15/03/2025')).toBeInTheDocument();
    const deleted = await recipients.findCard(recipients.deletedLink.code);
    expect(within(deleted).getByText('Date deleted: 05/03/2025')).toBeInTheDocument();
    expect(within(deleted).getByText('Revoked')).toBeInTheDocument();
  });

  it('shows the loading text, then the empty placeholder of each view', async () => {
    const gate = heldAnswer('/api/v1/invitations/claimed/{filter}', []);
    const { user } = renderApp('/agents', { user: owner });
    expect(await screen.findByText('Loading data recipients...')).toBeInTheDocument();
    gate.open();
    expect(await screen.findByText('No data recipients yet')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Invitation Links/ }));
    expect(await screen.findByText('No invitation links yet')).toBeInTheDocument();
  });

  it('fetches claimed for agents and unclaimed for invitations; no unclaimed call for PENDING or DECLINED', async () => {
    const calls = recipients.answerLists([], []);
    const { user } = renderApp('/agents', { user: owner });
    await screen.findByText('No data recipients yet');
    await waitFor(() => expect(calls.unclaimed).toEqual(['ALL']));
    expect(calls.claimed).toEqual(['ALL']);
    const pick = async (label: string) => {
      await user.click(screen.getByRole('button', { name: /^Filter:/ }));
      await user.click(await screen.findByRole('menuitemradio', { name: label }));
    };
    await pick('Pending');
    await waitFor(() => expect(calls.claimed).toEqual(['ALL', 'PENDING']));
    await pick('Declined');
    await waitFor(() => expect(calls.claimed).toEqual(['ALL', 'PENDING', 'DECLINED']));
    await user.click(screen.getByRole('tab', { name: /Invitation Links/ }));
    expect(await screen.findByText('No invitation links yet')).toBeInTheDocument();
    expect(calls.unclaimed).toEqual(['ALL']);
    await pick('Active');
    await waitFor(() => expect(calls.unclaimed).toEqual(['ALL', 'ACTIVE']));
    expect(screen.getByRole('button', { name: 'Filter: Active' })).toBeInTheDocument();
  });

  it('draws a pending agent for both widths: Decline, Accept and one icon button, or the label and a menu', async () => {
    recipients.answerLists([recipients.pendingAgent]);
    server.use(
      http.get('/api/v1/invitations/{id}/permissions', ({ response }) =>
        response(200).json({ vehicles: [], wallboxes: [] }),
      ),
    );
    const { user } = renderApp('/agents', { user: owner });
    const card = await recipients.findCard('Charge Point Data');
    expect(within(card).getByText('Code: CODE-INV_PENDING')).toBeInTheDocument();
    expect(card.querySelector('.ui-avatar')).toHaveAttribute('data-variant', 'dotted');
    // From 768 px (CSS shows this part): inline Decline and Accept, and View permissions alone.
    const decision = card.querySelector('.recipient-card__decision') as HTMLElement;
    const wide = card.querySelector('.recipient-card__wide') as HTMLElement;
    expect(within(decision).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(within(decision).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(wide).queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
    await user.click(within(wide).getByRole('button', { name: 'View permissions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Data permissions' });
    expect(await within(dialog).findByText('No products are shared.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    // Below 768 px: the Pending label and a menu with Accept and Decline.
    const narrow = [...card.querySelectorAll<HTMLElement>('.recipient-card__narrow')];
    expect(within(narrow[0] as HTMLElement).getByText('Pending')).toHaveClass('ui-badge');
    await user.click(
      within(narrow[1] as HTMLElement).getByRole('button', { name: 'Actions for Charge Point Data' }),
    );
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['View permissions', 'Accept', 'Decline']);
  });

  it('offers View permissions and Remove for an active agent, and copy, view, delete for an active link', async () => {
    recipients.answerLists([recipients.activeAgent], [recipients.activeLink]);
    const { user } = renderApp('/agents', { user: owner });
    const card = await recipients.findCard('Fleet Analytics');
    await user.click(within(card).getByRole('button', { name: 'Actions for Fleet Analytics' }));
    let items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['View permissions', 'Remove data recipient']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('tab', { name: /Invitation Links/ }));
    const link = await recipients.findCard(recipients.activeLink.code);
    await user.click(within(link).getByRole('button', { name: `Actions for ${recipients.activeLink.code}` }));
    items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Copy link', 'View permissions', 'Delete link']);
    await user.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(recipients.activeLink.link);
  });

  it('a failed load shows the notification and a retry, never the empty placeholder', async () => {
    let fail = true;
    server.use(
      http.get('/api/v1/invitations/claimed/{filter}', ({ response }) =>
        fail ? response(500).json(errorBody('INTERNAL_ERROR')) : response(200).json([recipients.activeAgent]),
      ),
      http.get('/api/v1/invitations/unclaimed/{filter}', ({ response }) => response(200).json([])),
    );
    const { user } = renderApp('/agents', { user: owner });
    const notifications = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(notifications).findByRole('alert')).toHaveTextContent(
      'Failed to fetch connected invitations',
    );
    expect(await screen.findByText('This could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByText(/no data recipients/i)).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await recipients.findCard('Fleet Analytics')).toBeInTheDocument();
    expect(screen.queryByText('This could not be loaded.')).not.toBeInTheDocument();
  });
});
