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
  it('sends a visitor without a session to /login', async () => {
    await expectLanding('/products', null, '/login');
    expect(await screen.findByRole('heading', { name: 'Welcome to Test Data Portal' })).toBeInTheDocument();
  });

  it('lets a user reach /products', async () => {
    await expectLanding('/products', owner, '/products');
    expect(await screen.findByRole('heading', { name: 'Connected Products' })).toBeInTheDocument();
  });

  it('lets a user reach /agents', async () => {
    await expectLanding('/agents', owner, '/agents');
    expect(await screen.findByRole('heading', { name: 'Data recipients' })).toBeInTheDocument();
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

  it('lets an active agent reach /users', async () => {
    await expectLanding('/users', activeAgent, '/users');
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
  });

  it('lets an admin reach /admin', async () => {
    await expectLanding('/admin', admin, '/admin');
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeInTheDocument();
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
