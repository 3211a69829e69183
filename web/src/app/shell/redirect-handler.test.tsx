import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readPendingInvitationCode } from '../../lib/pending-invitation.ts';
import { activeAgent, admin, owner, pendingAgent } from '../../test/fixtures.ts';
import { currentPath, renderApp } from '../../test/render.tsx';
import { redeemCodeFrom } from './redirect-handler.tsx';

describe('redirect handler', () => {
  it.each([
    ['a user', '/products', owner],
    ['a pending agent', '/agent-registration', pendingAgent],
    ['an active agent (moved on by the guard)', '/users', activeAgent],
    ['an admin', '/admin', admin],
    ['no session', '/login', null],
  ])('sends %s from the empty path to %s', async (_label, expected, user) => {
    const { router } = renderApp('/', { user });
    await waitFor(() => expect(currentPath(router)).toBe(expected));
  });

  it('handles unknown paths the same way', async () => {
    const { router } = renderApp('/no/such/page', { user: owner });
    await waitFor(() => expect(currentPath(router)).toBe('/products'));
  });

  it('stores the URL-decoded code of an invitation link, then redirects', async () => {
    // /users uses the code up as soon as it mounts (its redeem dialog opens with it): what was stored is
    // read off the write itself, not off the storage afterwards, which would race the page.
    const stored = vi.spyOn(Storage.prototype, 'setItem');
    try {
      const { router } = renderApp('/redeem/ABCD%20EFGH-1234%2F5', { user: activeAgent });
      await waitFor(() => expect(currentPath(router)).toBe('/users'));
      expect(stored).toHaveBeenCalledWith('portal.pendingInvitationCode', 'ABCD EFGH-1234/5');
    } finally {
      stored.mockRestore();
    }
  });

  it('keeps the code for after login when there is no session', async () => {
    const { router } = renderApp('/redeem/K7Q2-9XZP', { user: null });
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(readPendingInvitationCode()).toBe('K7Q2-9XZP');
  });

  it('stores nothing for other paths', async () => {
    const { router } = renderApp('/redeemed', { user: owner });
    await waitFor(() => expect(currentPath(router)).toBe('/products'));
    expect(readPendingInvitationCode()).toBeNull();
  });
});

describe('redeemCodeFrom', () => {
  it('decodes the remainder after /redeem/ and ignores a trailing slash', () => {
    expect(redeemCodeFrom('/redeem/A%2BB/')).toBe('A+B');
    expect(redeemCodeFrom('/redeem/')).toBeNull();
    expect(redeemCodeFrom('/products')).toBeNull();
    expect(redeemCodeFrom('/redeem/%E0%A4%A')).toBe('%E0%A4%A');
  });
});
