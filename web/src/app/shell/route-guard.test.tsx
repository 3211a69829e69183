import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../lib/api/types.ts';
import { activeAgent, admin, newAgent, owner, pendingAgent, rejectedAgent } from '../../test/fixtures.ts';
import { currentPath, renderApp } from '../../test/render.tsx';
import { guardRedirect } from './route-guard.tsx';

async function expectLanding(path: string, user: CurrentUser | null, expected: string) {
  const { router } = renderApp(path, { user });
  await waitFor(() => expect(currentPath(router)).toBe(expected));
  return router;
}

describe('route guard', () => {
  it.each([
    ['a visitor without a session', '/products', null, '/login', 'Welcome to Test Data Portal'],
    ['a user', '/products', owner, '/products', 'Connected Products'],
    ['a user', '/agents', owner, '/agents', 'Data recipients'],
    ['an active agent', '/users', activeAgent, '/users', 'Users'],
    ['an admin', '/admin', admin, '/admin', 'Administration'],
  ])('lands %s asking for %s on %s with its screen', async (_who, path, user, expected, heading) => {
    await expectLanding(path, user, expected);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each([
    ['/users', 'user', owner, '/products'],
    ['/agent-registration', 'user', owner, '/products'],
    ['/admin', 'user', owner, '/products'],
    ['/products', 'active agent', activeAgent, '/users'],
    ['/admin', 'active agent', activeAgent, '/users'],
    ['/agent-registration', 'active agent', activeAgent, '/users'],
    ['/products', 'admin', admin, '/admin'],
    ['/users', 'admin', admin, '/admin'],
  ])('redirects a role that is not allowed: %s as %s goes to %s', async (path, _role, user, expected) => {
    await expectLanding(path, user, expected);
  });

  it.each([
    ['pending', pendingAgent],
    ['rejected', rejectedAgent],
    ['unregistered', newAgent],
  ])('sends a %s agent to /agent-registration from anywhere else', async (_label, agent) => {
    await expectLanding('/users', agent, '/agent-registration');
    expect(await screen.findByRole('heading', { name: 'Complete your account' })).toBeInTheDocument();
  });

  it('keeps an inactive agent on /agent-registration', async () => {
    await expectLanding('/agent-registration', pendingAgent, '/agent-registration');
  });
});

describe('guardRedirect', () => {
  it('applies the rules in order: no user, inactive agent, wrong role', () => {
    expect(guardRedirect(null, '/products', { roles: ['user'] })).toBe('/login');
    expect(guardRedirect(pendingAgent, '/products', { roles: ['user'] })).toBe('/agent-registration');
    expect(
      guardRedirect(pendingAgent, '/agent-registration/step', { roles: ['agent'], agentActive: false }),
    ).toBeNull();
    expect(guardRedirect(activeAgent, '/users', { roles: ['agent'], agentActive: true })).toBeNull();
    expect(guardRedirect(owner, '/users', { roles: ['agent'], agentActive: true })).toBe('/products');
    expect(guardRedirect(admin, '/agents', { roles: ['user'] })).toBe('/admin');
  });
});
